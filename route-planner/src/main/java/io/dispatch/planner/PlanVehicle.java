package io.dispatch.planner;

import java.util.List;
import java.util.Objects;

/**
 * A rider (or a benchmark vehicle) starting at location {@code start} at {@code startTime}, carrying at most {@code
 * capacity}. With {@code end} >= 0 the route ends at that location (a depot); with -1 it ends at its last stop.
 *
 * <p>What may not move (decisions.md section 15): {@code onBoard} jobs were picked up by this vehicle, so only their
 * drop-off is planned, always on this vehicle, and their demand is on board from the start; {@code pinned} jobs (an
 * operator's assignment) stay on this vehicle, both stops; {@code firstStop}, when not null, is the stop in
 * progress: it stays first on this route.
 */
public record PlanVehicle(
        String id,
        int start,
        double startTime,
        int end,
        int capacity,
        List<String> onBoard,
        List<String> pinned,
        FixedStop firstStop) {

    /** A stop that must stay where it is: job {@code jobId}'s {@code kind} stop. */
    public record FixedStop(String jobId, StopKind kind) {}

    public PlanVehicle {
        Objects.requireNonNull(id, "id");
        onBoard = List.copyOf(onBoard);
        pinned = List.copyOf(pinned);
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + id);
        }
    }

    /** A vehicle with nothing fixed on it. */
    public static PlanVehicle free(String id, int start, double startTime, int end, int capacity) {
        return new PlanVehicle(id, start, startTime, end, capacity, List.of(), List.of(), null);
    }
}
