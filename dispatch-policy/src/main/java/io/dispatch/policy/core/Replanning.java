package io.dispatch.policy.core;

import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.PlannedStop;
import io.dispatch.planner.StopKind;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * From a rider's timed route to {@link Decision.Plan}s: each delivery's place and times on the route ({@link
 * PlanSpot}), and a plan for those whose place moved or whose times moved by at least {@link
 * PlanningConfig#replanSeconds()} since the log last recorded one.
 */
final class Replanning {

    private final CoreState state;
    private final PlanningConfig config;

    Replanning(CoreState state, PlanningConfig config) {
        this.state = state;
        this.config = config;
    }

    /** Each delivery's place on the route, with times as instants after {@code at}; {@code reason} for all. */
    static Map<UUID, PlanSpot> spots(PlannedRoute route, Instant at, String reason) {
        Map<UUID, Integer> pickupStop = new HashMap<>();
        Map<UUID, Instant> pickupAt = new HashMap<>();
        Map<UUID, PlanSpot> spots = new LinkedHashMap<>();
        int stops = route.stops().size();
        for (int index = 0; index < stops; index++) {
            PlannedStop stop = route.stops().get(index);
            UUID id = UUID.fromString(stop.jobId());
            Instant when = at.plusMillis(Math.round(stop.start() * 1000));
            if (stop.kind() == StopKind.PICKUP) {
                pickupStop.put(id, index + 1);
                pickupAt.put(id, when);
            } else {
                spots.put(id, new PlanSpot(pickupAt.get(id), when, reason, pickupStop.get(id), index + 1, stops, 0));
            }
        }
        return spots;
    }

    /**
     * Takes the spots of the rider's deliveries (but {@code skip}'s) as their plans, adding a plan decision for each
     * that moved and is not pending already.
     */
    void replan(Map<UUID, PlanSpot> spots, UUID skip, RiderState rider, List<Decision> decisions) {
        for (Map.Entry<UUID, PlanSpot> entry : spots.entrySet()) {
            DeliveryState delivery = state.deliveries.get(entry.getKey());
            if (entry.getKey().equals(skip) || delivery == null || !rider.riderId.equals(delivery.holder)) {
                continue;
            }
            PlanSpot spot = entry.getValue();
            delivery.spot = spot;
            if (moved(delivery.recordedSpot, spot) && !state.pending.planPending(delivery.dispatchId, spot)) {
                decisions.add(new Decision.Plan(delivery.dispatchId, rider.riderId, delivery.policy.ref(), spot));
                state.pending.markPlan(delivery.dispatchId, spot, state.pendingDeadline());
            }
        }
    }

    private boolean moved(PlanSpot recorded, PlanSpot next) {
        if (recorded == null) {
            return true;
        }
        return !Objects.equals(recorded.pickupStop(), next.pickupStop())
                || recorded.dropoffStop() != next.dropoffStop()
                || recorded.routeStops() != next.routeStops()
                || secondsApart(recorded.estimatedPickupAt(), next.estimatedPickupAt()) >= config.replanSeconds()
                || secondsApart(recorded.estimatedDeliveryAt(), next.estimatedDeliveryAt()) >= config.replanSeconds();
    }

    private static double secondsApart(Instant a, Instant b) {
        if (a == null || b == null) {
            return a == b ? 0 : Double.POSITIVE_INFINITY;
        }
        return Math.abs(Duration.between(a, b).toMillis()) / 1000.0;
    }
}
