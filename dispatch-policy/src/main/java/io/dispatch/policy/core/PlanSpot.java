package io.dispatch.policy.core;

import java.time.Instant;

/**
 * Where a delivery sits on its rider's route and when the rider is planned there (decisions.md §15):
 * {@code pickupStop} and {@code dropoffStop} are 1-based among {@code routeStops}; the pickup's fields are null
 * once picked up. {@code reason} INSERTED, REOPTIMIZED or REPLANNED; {@code addedSeconds} what the insertion cost.
 */
public record PlanSpot(
        Instant estimatedPickupAt,
        Instant estimatedDeliveryAt,
        String reason,
        Integer pickupStop,
        int dropoffStop,
        int routeStops,
        long addedSeconds) {

    public static final String INSERTED = "INSERTED";
    public static final String REOPTIMIZED = "REOPTIMIZED";
    public static final String REPLANNED = "REPLANNED";
}
