package io.dispatch.simulator.trip;

/**
 * Where a trip stands. Each stage names the rider's next step ({@link TripScript} does it and
 * picks the next stage from the rider API's answer); the last five are how a trip ended, and
 * operators see them as counts.
 */
public enum Stage {
    /** Take the NEW delivery (POST accept), then carry on as {@link #STARTING}. */
    ACCEPTING,
    /** Learn where the delivery stands and go on from there: after an accept, an operator's assignment or a restart. */
    STARTING,
    /** On the way to the pickup: report the position every location interval until the ride's time is up. */
    TO_PICKUP,
    /** At the pickup: confirm the pickup once the pickup time passed. */
    AT_PICKUP,
    /** Set off for the customer (POST depart). */
    DEPARTING,
    /** On the way: report the position every location interval until the ride's time is up. */
    IN_TRANSIT,
    /** At the door: hand over with the PIN, or fail with a reason, once the hand-over time passed. */
    AT_DROPOFF,
    DELIVERED,
    FAILED,
    /** The service refused a step: the delivery was cancelled, failed or reassigned meanwhile. */
    INTERRUPTED,
    /** The delivery was not (or no longer) this rider's to carry when it started. */
    LEFT,
    /** A step kept failing, or threw. */
    GAVE_UP;

    public boolean ended() {
        return compareTo(DELIVERED) >= 0;
    }
}
