package io.dispatch.command.proofmedia.domain;

/** The delivery already holds as many proof media as one may (409). */
public final class MediaBoundReached extends RuntimeException {

    private final int maxPerDelivery;

    public MediaBoundReached(int maxPerDelivery) {
        super(
                "This delivery already holds " + maxPerDelivery + " proof media, the most one delivery may hold; "
                        + "deliver with one of their URLs",
                null,
                false,
                false);
        this.maxPerDelivery = maxPerDelivery;
    }

    public int maxPerDelivery() {
        return maxPerDelivery;
    }
}
