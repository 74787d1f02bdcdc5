package io.dispatch.command.dispatch.domain;

import java.time.Instant;

/**
 * Where the route planner put a delivery on its rider's route and when it expects the rider there (decisions.md
 * §15): {@code pickupStop} and {@code dropoffStop} are 1-based positions among {@code routeStops} ({@code pickupStop}
 * and {@code estimatedPickupAt} null once picked up); {@code reason} INSERTED, REOPTIMIZED or REPLANNED.
 */
public record PlannedStops(
        Instant estimatedPickupAt,
        Instant estimatedDeliveryAt,
        String reason,
        Integer pickupStop,
        int dropoffStop,
        int routeStops,
        long addedSeconds) {}
