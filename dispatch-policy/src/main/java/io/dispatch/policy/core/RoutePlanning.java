package io.dispatch.policy.core;

import io.dispatch.planner.CheapestInsertion;
import io.dispatch.planner.Inserted;
import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.PlanVehicle;
import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.PlannedStop;
import io.dispatch.planner.Schedules;
import io.dispatch.planner.StopRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    /** The rule of a move between riders: the zone's improvement found the delivery cheaper on another route. */
    static final String MOVE_RULE = "batched: moved to the route where it costs least, by the zone's improvement";

    private final CoreState state;
    private final PlanningConfig config;
    private final RouteSnapshots snapshots;
    private final Replanning replanning;

    RoutePlanning(CoreState state, PlanningConfig config) {
        this.state = state;
        this.config = config;
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

    /**
     * The routes of the riders who hold the zone's BATCHED deliveries, as a problem to improve; with moves between
     * riders, the deliveries that may move are not pinned, and idle riders near them take part (ADR 0061).
     */
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
        if (config.moveBetweenRiders() && !riders.isEmpty()) {
            riders.addAll(idleRidersNearMovable(zoneId, riders));
        }
        return riders.isEmpty()
                ? Optional.empty()
                : Optional.of(snapshots.of(zoneId, riders, null, config.moveBetweenRiders()));
    }

    /**
     * Riders who are not among {@code busy}, eligible, holding nothing and waiting for no decision, within the policy's
     * radius of the pickup of a delivery of the zone that may move (held, not picked up, not an operator's), on its
     * side of the sandbox line: the riders a move can best go to, since an empty route costs least to add to.
     */
    private List<RiderState> idleRidersNearMovable(String zoneId, List<RiderState> busy) {
        List<DeliveryState> movable = new ArrayList<>();
        for (DeliveryState delivery : state.deliveries.values()) {
            if (delivery.holder != null
                    && delivery.plannable()
                    && delivery.zoneId.equals(zoneId)
                    && !delivery.pickedUp
                    && !delivery.byOperator) {
                movable.add(delivery);
            }
        }
        List<RiderState> idle = new ArrayList<>();
        if (movable.isEmpty()) {
            return idle;
        }
        Set<RiderState> taken = new HashSet<>(busy);
        for (RiderState rider : state.riders.values()) {
            if (taken.contains(rider)
                    || !rider.active.isEmpty()
                    || !rider.eligible(state.now, state.config.maxPositionAge())
                    || state.pending.pendingCount(rider.riderId) > 0) {
                continue;
            }
            for (DeliveryState delivery : movable) {
                if (delivery.sandbox == rider.sandbox
                        && rider.position.greatCircleMeters(delivery.pickup) <= delivery.policy.radiusMeters()) {
                    idle.add(rider);
                    break;
                }
            }
        }
        return idle;
    }

    /**
     * A better solution of {@code snapshot}: plans for the deliveries whose place or times changed. A rider's route
     * is taken only if that rider still holds exactly the deliveries the snapshot had, with the same picked-up state;
     * otherwise it waits for the next round.
     */
    List<Decision> improved(RouteSnapshot snapshot, PlanSolution better) {
        Map<String, String> before = vehicleOfJobs(snapshot.current());
        Map<String, String> after = vehicleOfJobs(better);
        Map<String, PlanVehicle> vehicles = new HashMap<>();
        for (PlanVehicle vehicle : snapshot.problem().vehicles()) {
            vehicles.put(vehicle.id(), vehicle);
        }
        Set<String> blocked = new HashSet<>();
        for (PlanVehicle vehicle : snapshot.problem().vehicles()) {
            RiderState rider = state.riders.get(UUID.fromString(vehicle.id()));
            if (rider == null || !unchanged(snapshot, vehicle, rider, before)) {
                blocked.add(vehicle.id());
            }
        }
        for (PlannedRoute route : better.routes()) {
            if (!vehicles.containsKey(route.vehicleId())) {
                blocked.add(route.vehicleId()); // not a rider of the snapshot: nothing goes to it
            }
        }
        List<Move> moves = moves(before, after, blocked);
        List<Decision> decisions = new ArrayList<>();
        Map<UUID, PlanSpot> spotsOfMoved = new HashMap<>();
        for (PlannedRoute route : better.routes()) {
            if (blocked.contains(route.vehicleId())) {
                continue;
            }
            RiderState rider = state.riders.get(UUID.fromString(route.vehicleId()));
            PlannedRoute timed = Schedules.time(snapshot.problem(), vehicles.get(route.vehicleId()), refs(route));
            Map<UUID, PlanSpot> spots = Replanning.spots(timed, snapshot.at(), PlanSpot.REOPTIMIZED);
            for (Move move : moves) {
                if (move.to().equals(route.vehicleId())) {
                    spotsOfMoved.put(move.delivery().dispatchId, spots.get(move.delivery().dispatchId));
                }
            }
            replanning.replan(spots, null, rider, decisions);
        }
        List<Decision> reassignments = new ArrayList<>();
        for (Move move : moves) {
            DeliveryState delivery = move.delivery();
            UUID to = UUID.fromString(move.to());
            PlanSpot spot = spotsOfMoved.get(delivery.dispatchId);
            reassignments.add(new Decision.Reassign(
                    delivery.dispatchId, delivery.holder, to, delivery.policy.ref(), spot, moveRule(delivery.holder)));
            delivery.spot = spot;
            state.pending.markPair(delivery.dispatchId, to, state.pendingDeadline());
        }
        reassignments.addAll(decisions);
        return reassignments;
    }

    /** Why a delivery changed rider, as the decisions route shows it (AUTO_ASSIGNED's reason). */
    static String moveRule(UUID fromRiderId) {
        return MOVE_RULE + " (from rider " + fromRiderId + ")";
    }

    /** A delivery the improvement gives from one rider's route to another's. */
    private record Move(DeliveryState delivery, String from, String to) {}

    /**
     * The moves of {@code better} that can be carried out, in an order in which every rider has room when it takes a
     * delivery; riders whose routes cannot be taken (changed since the snapshot, or on the far end of a move that
     * cannot be made) are added to {@code blocked}, and so are the riders of a move that would need them.
     */
    private List<Move> moves(Map<String, String> before, Map<String, String> after, Set<String> blocked) {
        while (true) {
            List<Move> candidates = new ArrayList<>();
            boolean changed = false;
            for (Map.Entry<String, String> job : before.entrySet()) {
                String from = job.getValue();
                String to = after.get(job.getKey());
                if (from.equals(to)) {
                    continue;
                }
                DeliveryState delivery = state.deliveries.get(UUID.fromString(job.getKey()));
                RiderState receiver = to == null ? null : state.riders.get(UUID.fromString(to));
                boolean possible = to != null
                        && delivery != null
                        && from.equals(String.valueOf(delivery.holder))
                        && !delivery.pickedUp
                        && !delivery.byOperator
                        && receiver != null
                        && receiver.onShift
                        && receiver.sandbox == delivery.sandbox
                        && !delivery.excluded.contains(receiver.riderId)
                        && !blocked.contains(from)
                        && !blocked.contains(to);
                if (possible) {
                    candidates.add(new Move(delivery, from, to));
                } else {
                    changed |= blocked.add(from);
                    if (to != null) {
                        changed |= blocked.add(to);
                    }
                }
            }
            if (changed) {
                continue;
            }
            List<Move> ordered = ordered(candidates);
            if (ordered.size() == candidates.size()) {
                return ordered;
            }
            for (Move move : candidates) {
                if (!ordered.contains(move)) {
                    blocked.add(move.from());
                    blocked.add(move.to());
                }
            }
        }
    }

    /** The moves in an order that never puts a rider above its room; those that cannot be ordered are left out. */
    private List<Move> ordered(List<Move> moves) {
        Map<String, Integer> held = new HashMap<>();
        for (Move move : moves) {
            for (String rider : List.of(move.from(), move.to())) {
                // what the rider holds and what decisions still pending give it, as its route counts them
                held.computeIfAbsent(
                        rider,
                        id -> snapshots
                                .routeDeliveries(state.riders.get(UUID.fromString(id)), null)
                                .size());
            }
        }
        List<Move> left = new ArrayList<>(moves);
        List<Move> ordered = new ArrayList<>();
        boolean progress = true;
        while (progress && !left.isEmpty()) {
            progress = false;
            for (Iterator<Move> it = left.iterator(); it.hasNext(); ) {
                Move move = it.next();
                RiderState receiver = state.riders.get(UUID.fromString(move.to()));
                if (held.get(move.to()) < Math.max(1, receiver.maxActive)) {
                    held.merge(move.to(), 1, Integer::sum);
                    held.merge(move.from(), -1, Integer::sum);
                    ordered.add(move);
                    it.remove();
                    progress = true;
                }
            }
        }
        return ordered;
    }

    private static Map<String, String> vehicleOfJobs(PlanSolution solution) {
        Map<String, String> vehicleOf = new HashMap<>();
        for (PlannedRoute route : solution.routes()) {
            for (PlannedStop stop : route.stops()) {
                vehicleOf.put(stop.jobId(), route.vehicleId());
            }
        }
        return vehicleOf;
    }

    /** Whether {@code rider} still holds exactly the deliveries the snapshot put on its route, picked up as they were. */
    private boolean unchanged(
            RouteSnapshot snapshot, PlanVehicle vehicle, RiderState rider, Map<String, String> before) {
        List<DeliveryState> now = snapshots.routeDeliveries(rider, null);
        long had = before.values().stream().filter(vehicle.id()::equals).count();
        if (now.size() != had) {
            return false;
        }
        for (DeliveryState delivery : now) {
            String id = delivery.dispatchId.toString();
            if (!vehicle.id().equals(before.get(id)) || vehicle.onBoard().contains(id) != delivery.pickedUp) {
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
