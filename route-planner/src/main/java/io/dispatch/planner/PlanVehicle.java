package io.dispatch.planner;

import java.util.List;
import java.util.Objects;

/**
 * A rider (or a benchmark vehicle) starting at location {@code start} at {@code startTime}, carrying at most {@code
 * capacity}. With {@code end} >= 0 the route ends at that location (a depot), where it must arrive by {@code endBy}
 * (hard under {@link Objective#FEWEST_VEHICLES}, lateness under {@link Objective#LEAST_TIME}; infinite when there is no
 * such limit); with -1 it ends at its last stop and {@code endBy} is not used.
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
        FixedStop firstStop,
        double endBy) {

    /** A stop that must stay where it is: job {@code jobId}'s {@code kind} stop. */
    public record FixedStop(String jobId, StopKind kind) {}

    public PlanVehicle {
        Objects.requireNonNull(id, "id");
        onBoard = List.copyOf(onBoard);
        pinned = List.copyOf(pinned);
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + id);
        }
        if (Double.isNaN(endBy)) {
            throw new IllegalArgumentException("endBy must be a number (infinite for none): " + id);
        }
    }

    /**
     * The first form of this record, kept for its callers: no limit on when the route ends ({@code endBy} infinite).
     * Li &amp; Lim's depots close, hence the later component.
     */
    public PlanVehicle(
            String id,
            int start,
            double startTime,
            int end,
            int capacity,
            List<String> onBoard,
            List<String> pinned,
            FixedStop firstStop) {
        this(id, start, startTime, end, capacity, onBoard, pinned, firstStop, Double.POSITIVE_INFINITY);
    }

    /** A vehicle with nothing fixed on it. */
    public static PlanVehicle free(String id, int start, double startTime, int end, int capacity) {
        return new PlanVehicle(id, start, startTime, end, capacity, List.of(), List.of(), null);
    }
}
