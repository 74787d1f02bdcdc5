package io.dispatch.policy.core;

import io.dispatch.planner.CheapestInsertion;
import io.dispatch.planner.Inserted;
import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.PlanVehicle;
import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.Schedules;
import io.dispatch.planner.StopRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * BATCHED (decisions.md §15) inside the core: inserts a new delivery where it adds least, offers a zone's routes for
 * the background improvement and takes back what it found. The routes themselves are not kept apart: a rider's route
 * is the stops of the deliveries the rider holds, in the order of their planned times ({@link DeliveryState#spot}),
 * so what the log recorded rebuilds them after a restart ({@link RouteSnapshots}); {@link Replanning} turns routes
 * back into plans.
 */
final class RoutePlanning {

    static final String RULE = "batched: cheapest insertion into the riders' routes";

    private final CoreState state;
    private final RouteSnapshots snapshots;
    private final Replanning replanning;

    RoutePlanning(CoreState state, PlanningConfig config) {
        this.state = state;
        this.snapshots = new RouteSnapshots(state, config);
        this.replanning = new Replanning(state, config);
    }

    /** Where {@code delivery} would go, found but not taken. */
    record Placement(RouteSnapshot snapshot, Inserted inserted) {

        UUID riderId() {
            return UUID.fromString(inserted.vehicleId());
        }

        double addedCost() {
            return inserted.addedCost();
        }
    }

    /**
     * The cheapest place for {@code delivery} on the routes of {@code riders} (each eligible, with room), without
     * taking it; empty when none can take it.
     */
    Optional<Placement> place(DeliveryState delivery, List<RiderState> riders) {
        RouteSnapshot snapshot = snapshots.of(delivery.zoneId, riders, delivery);
        return CheapestInsertion.insert(snapshot.problem(), snapshot.current(), delivery.dispatchId.toString())
                .map(inserted -> new Placement(snapshot, inserted));
    }

    /**
     * What {@code delivery} costs on a route of its own that starts at its pickup now: the part of any placement's
     * added cost that no choice of rider changes (its ride, its kitchen's ready time), so that placements of different
     * deliveries compare by what the choice adds.
     */
    double ownCost(DeliveryState delivery) {
        return snapshots.ownCost(delivery);
    }

    /** Takes {@code placement} (found by {@link #place} on the state as it still is): the decisions. */
    List<Decision> insert(DeliveryState delivery, Placement placement, List<Candidate> candidates) {
        RouteSnapshot snapshot = placement.snapshot();
        Inserted best = placement.inserted();
        RiderState chosen = state.riders.get(UUID.fromString(best.vehicleId()));
        PlannedRoute route = routeOf(best.solution(), best.vehicleId());
        List<Decision> decisions = new ArrayList<>();
        Map<UUID, PlanSpot> spots = Replanning.spots(route, snapshot.at(), PlanSpot.REPLANNED);
        PlanSpot own = spots.get(delivery.dispatchId);
        PlanSpot inserting = new PlanSpot(
                own.estimatedPickupAt(),
                own.estimatedDeliveryAt(),
                PlanSpot.INSERTED,
                own.pickupStop(),
                own.dropoffStop(),
                own.routeStops(),
                Math.max(0, Math.round(best.addedCost())));
        decisions.add(new Decision.AutoAssign(
                delivery.dispatchId, chosen.riderId, delivery.policy.ref(), candidates, RULE, inserting));
        delivery.spot = inserting;
        state.pending.markPair(delivery.dispatchId, chosen.riderId, state.pendingDeadline());
        replanning.replan(spots, delivery.dispatchId, chosen, decisions);
        return decisions;
    }

    /** The zones whose deliveries riders carry on routes now, for the background improvement. */
    List<String> zonesWithRoutes() {
        List<String> zones = new ArrayList<>();
        for (DeliveryState delivery : state.deliveries.values()) {
            if (delivery.holder != null && delivery.plannable() && !zones.contains(delivery.zoneId)) {
                zones.add(delivery.zoneId);
            }
        }
        return zones;
    }

    /** The routes of the riders who hold the zone's BATCHED deliveries, as a problem to improve. */
    Optional<RouteSnapshot> reoptimization(String zoneId) {
        List<RiderState> riders = new ArrayList<>();
        for (DeliveryState delivery : state.deliveries.values()) {
            if (delivery.holder != null && delivery.plannable() && delivery.zoneId.equals(zoneId)) {
                RiderState rider = state.riders.get(delivery.holder);
                if (rider != null && rider.position != null && !riders.contains(rider)) {
                    riders.add(rider);
                }
            }
        }
        return riders.isEmpty() ? Optional.empty() : Optional.of(snapshots.of(zoneId, riders, null));
    }

    /**
     * A better solution of {@code snapshot}: plans for the deliveries whose place or times changed. A rider's route
     * is taken only if that rider still holds exactly the deliveries the snapshot had, with the same picked-up state;
     * otherwise it waits for the next round.
     */
    List<Decision> improved(RouteSnapshot snapshot, PlanSolution better) {
        List<Decision> decisions = new ArrayList<>();
        for (PlannedRoute route : better.routes()) {
            RiderState rider = state.riders.get(UUID.fromString(route.vehicleId()));
            if (rider == null || !unchanged(snapshot, rider)) {
                continue;
            }
            PlanVehicle vehicle = snapshot.problem().vehicles().stream()
                    .filter(v -> v.id().equals(route.vehicleId()))
                    .findFirst()
                    .orElseThrow();
            PlannedRoute timed = Schedules.time(snapshot.problem(), vehicle, refs(route));
            Map<UUID, PlanSpot> spots = Replanning.spots(timed, snapshot.at(), PlanSpot.REOPTIMIZED);
            replanning.replan(spots, null, rider, decisions);
        }
        return decisions;
    }

    private boolean unchanged(RouteSnapshot snapshot, RiderState rider) {
        String key = rider.riderId.toString();
        Optional<PlanVehicle> vehicle = snapshot.problem().vehicles().stream()
                .filter(v -> v.id().equals(key))
                .findFirst();
        if (vehicle.isEmpty()) {
            return false;
        }
        List<DeliveryState> now = snapshots.routeDeliveries(rider, null);
        if (now.size() != vehicle.get().pinned().size()) {
            return false;
        }
        for (DeliveryState delivery : now) {
            String id = delivery.dispatchId.toString();
            if (!vehicle.get().pinned().contains(id) || vehicle.get().onBoard().contains(id) != delivery.pickedUp) {
                return false;
            }
        }
        return true;
    }

    private static List<StopRef> refs(PlannedRoute route) {
        return route.stops().stream()
                .map(stop -> new StopRef(stop.jobId(), stop.kind()))
                .toList();
    }

    private static PlannedRoute routeOf(PlanSolution solution, String vehicleId) {
        return solution.routes().stream()
                .filter(route -> route.vehicleId().equals(vehicleId))
                .findFirst()
                .orElseThrow();
    }
}
