package io.dispatch.planner;

import java.util.Objects;

/**
 * One stop of a route before it is timed: job {@code jobId}'s pickup or drop-off. The engine keeps routes as these
 * and asks {@link Schedules} for the times.
 */
public record StopRef(String jobId, StopKind kind) {

    public StopRef {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(kind, "kind");
    }

    /** The pickup of {@code jobId}. */
    public static StopRef pickup(String jobId) {
        return new StopRef(jobId, StopKind.PICKUP);
    }

    /** The drop-off of {@code jobId}. */
    public static StopRef dropoff(String jobId) {
        return new StopRef(jobId, StopKind.DROPOFF);
    }
}
