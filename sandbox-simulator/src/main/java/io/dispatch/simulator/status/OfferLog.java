package io.dispatch.simulator.status;

/**
 * How the simulated riders answered the engine (decisions.md §14), for the status view: offers
 * accepted, declined, and gone (the offer expired, was withdrawn or taken before the answer, or was
 * refused otherwise), calls that failed, and automatic assignments kept or given back.
 */
public final class OfferLog {

    private int accepted;
    private int declined;
    private int gone;
    private int failed;
    private int kept;
    private int givenBack;

    public synchronized void accepted() {
        accepted++;
    }

    public synchronized void declined() {
        declined++;
    }

    public synchronized void gone() {
        gone++;
    }

    public synchronized void failed() {
        failed++;
    }

    public synchronized void kept() {
        kept++;
    }

    public synchronized void givenBack() {
        givenBack++;
    }

    public synchronized Status.OfferCounts counts() {
        return new Status.OfferCounts(accepted, declined, gone, failed, kept, givenBack);
    }
}
