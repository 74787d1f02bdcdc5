package io.dispatch.planner;

import java.util.Objects;

/**
 * One parcel to carry from {@code pickup} to {@code dropoff} (indexes into the problem's {@link Travel}), by the same
 * vehicle, pickup first. {@code demand} is the load it takes while on board.
 */
public record PlanJob(
        String id,
        int pickup,
        int dropoff,
        int demand,
        TimeWindow pickupWindow,
        TimeWindow dropoffWindow,
        double pickupService,
        double dropoffService) {

    public PlanJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(pickupWindow, "pickupWindow");
        Objects.requireNonNull(dropoffWindow, "dropoffWindow");
        if (demand < 0 || pickupService < 0 || dropoffService < 0) {
            throw new IllegalArgumentException("demand and service times must not be negative: " + id);
        }
    }
}
