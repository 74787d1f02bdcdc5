package io.dispatch.webhook.feed;

/**
 * A place in a merchant's feed: the id of the transaction that inserted a notification (xid8),
 * then its sequence number. Feed order is this pair's order.
 */
public record FeedPosition(long xid, long position) implements Comparable<FeedPosition> {

    /** Before every notification. */
    public static final FeedPosition START = new FeedPosition(0, 0);

    public FeedPosition {
        if (xid < 0 || position < 0) {
            throw new IllegalArgumentException("feed positions are not negative");
        }
    }

    @Override
    public int compareTo(FeedPosition other) {
        int byXid = Long.compare(xid, other.xid);
        return byXid != 0 ? byXid : Long.compare(position, other.position);
    }

    public boolean isBefore(FeedPosition other) {
        return compareTo(other) < 0;
    }
}
