package io.dispatch.policy.core;

import io.dispatch.planner.CheapestInsertion;
import io.dispatch.planner.Inserted;
import io.dispatch.planner.Objective;
import io.dispatch.planner.PlanJob;
import io.dispatch.planner.PlanProblem;
import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.PlanVehicle;
import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.PlannedStop;
import io.dispatch.planner.Schedules;
import io.dispatch.planner.StopKind;
import io.dispatch.planner.StopRef;
import io.dispatch.planner.TimeWindow;
import io.dispatch.planner.Travel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * BATCHED (decisions.md §15) inside the core: turns riders and the deliveries they hold into the route planner's
 * problem, inserts a new delivery where it adds least, and turns routes back into plans. The routes themselves are
 * not kept apart: a rider's route is the stops of the deliveries the rider holds, in the order of their planned
 * times ({@link DeliveryState#spot}), so what the log recorded rebuilds them after a restart.
 *
 * <p>Times in the planner's problem are seconds after the core's now; travel is the zone's model.
 */
final class RoutePlanning {

    static final String RULE = "batched: cheapest insertion into the riders' routes";

    private final CoreState state;
    private final PlanningConfig config;

    RoutePlanning(CoreState state, PlanningConfig config) {
        this.state = state;
        this.config = config;
    }

    /**
     * Inserts {@code delivery} into the routes of {@code riders} (each eligible, with room): the decisions, or empty
     * when none can take it.
     */
    Optional<List<Decision>> insert(DeliveryState delivery, List<RiderState> riders, List<Candidate> candidates) {
        RouteSnapshot snapshot = snapshot(delivery.zoneId, riders, delivery);
        Optional<Inserted> inserted =
                CheapestInsertion.insert(snapshot.problem(), snapshot.current(), delivery.dispatchId.toString());
        if (inserted.isEmpty()) {
            return Optional.empty();
        }
        Inserted best = inserted.get();
        RiderState chosen = state.riders.get(UUID.fromString(best.vehicleId()));
        PlannedRoute route = routeOf(best.solution(), best.vehicleId());
        List<Decision> decisions = new ArrayList<>();
        Map<UUID, PlanSpot> spots = spots(route, snapshot.at(), PlanSpot.REPLANNED);
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
        state.pending.markPair(delivery.dispatchId, chosen.riderId, deadline());
        replan(spots, delivery.dispatchId, chosen, decisions);
        return Optional.of(decisions);
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
        return riders.isEmpty() ? Optional.empty() : Optional.of(snapshot(zoneId, riders, null));
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
            Map<UUID, PlanSpot> spots = spots(timed, snapshot.at(), PlanSpot.REOPTIMIZED);
            replan(spots, null, rider, decisions);
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
        List<DeliveryState> now = routeDeliveries(rider, null);
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

    /** Plans for the route's deliveries whose place moved or whose times moved by at least replanSeconds. */
    private void replan(Map<UUID, PlanSpot> spots, UUID skip, RiderState rider, List<Decision> decisions) {
        for (Map.Entry<UUID, PlanSpot> entry : spots.entrySet()) {
            DeliveryState delivery = state.deliveries.get(entry.getKey());
            if (entry.getKey().equals(skip) || delivery == null || !rider.riderId.equals(delivery.holder)) {
                continue;
            }
            PlanSpot spot = entry.getValue();
            delivery.spot = spot;
            if (moved(delivery.recordedSpot, spot) && !state.pending.planPending(delivery.dispatchId, spot)) {
                decisions.add(new Decision.Plan(delivery.dispatchId, rider.riderId, delivery.policy.ref(), spot));
                state.pending.markPlan(delivery.dispatchId, spot, deadline());
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
        return Math.abs(java.time.Duration.between(a, b).toMillis()) / 1000.0;
    }

    /** Each delivery's place on the route, with times as instants; {@code reason} for all of them. */
    private static Map<UUID, PlanSpot> spots(PlannedRoute route, Instant at, String reason) {
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

    /** The BATCHED deliveries on the rider's route: held, or assigned to the rider by a decision still pending. */
    private List<DeliveryState> routeDeliveries(RiderState rider, DeliveryState extra) {
        List<DeliveryState> deliveries = new ArrayList<>();
        for (UUID id : rider.active) {
            DeliveryState delivery = state.deliveries.get(id);
            if (delivery != null && delivery.plannable() && delivery != extra) {
                deliveries.add(delivery);
            }
        }
        if (state.pending.pendingCount(rider.riderId) > 0) {
            for (DeliveryState delivery : state.deliveries.values()) {
                if (delivery != extra
                        && delivery.holder == null
                        && delivery.plannable()
                        && isPendingTo(delivery, rider)) {
                    deliveries.add(delivery);
                }
            }
        }
        return deliveries;
    }

    private boolean isPendingTo(DeliveryState delivery, RiderState rider) {
        return delivery.holder == null
                && state.pending.ridersPendingFor(delivery.dispatchId).contains(rider.riderId);
    }

    private RouteSnapshot snapshot(String zoneId, List<RiderState> riders, DeliveryState extra) {
        Instant at = state.now;
        List<Point> points = new ArrayList<>();
        List<PlanVehicle> vehicles = new ArrayList<>();
        List<PlanJob> jobs = new ArrayList<>();
        List<PlannedRoute> routes = new ArrayList<>();
        Map<PlanVehicle, List<StopRef>> untimed = new LinkedHashMap<>();
        TravelModel travel = state.travelOf(zoneId);
        for (RiderState rider : riders) {
            String riderKey = rider.riderId.toString();
            int start = points.size();
            points.add(rider.position);
            List<String> onBoard = new ArrayList<>();
            List<String> pinned = new ArrayList<>();
            List<Stop> stops = new ArrayList<>();
            for (DeliveryState delivery : routeDeliveries(rider, extra)) {
                String key = delivery.dispatchId.toString();
                PlanJob job = job(delivery, points, at);
                jobs.add(job);
                pinned.add(key);
                if (delivery.pickedUp) {
                    onBoard.add(key);
                } else {
                    stops.add(new Stop(job, StopKind.PICKUP, plannedAt(delivery, StopKind.PICKUP)));
                }
                stops.add(new Stop(job, StopKind.DROPOFF, plannedAt(delivery, StopKind.DROPOFF)));
            }
            stops.sort(Comparator.comparing(Stop::plannedAt, Comparator.nullsLast(Comparator.naturalOrder()))
                    .thenComparing(stop -> stop.kind() == StopKind.DROPOFF)
                    .thenComparing(stop -> stop.job().id()));
            stops = pickupsFirst(stops);
            PlanVehicle.FixedStop first = null;
            if (!stops.isEmpty()) {
                Stop head = stops.getFirst();
                Point headAt = points.get(head.location());
                if (rider.position.greatCircleMeters(headAt) <= config.stopInProgressMeters()) {
                    first = new PlanVehicle.FixedStop(head.job().id(), head.kind());
                }
            }
            vehicles.add(new PlanVehicle(riderKey, start, 0, -1, Math.max(1, rider.maxActive), onBoard, pinned, first));
            List<StopRef> planned = new ArrayList<>();
            for (Stop stop : stops) {
                planned.add(new StopRef(stop.job().id(), stop.kind()));
            }
            if (!planned.isEmpty()) {
                untimed.put(vehicles.getLast(), planned);
            }
        }
        if (extra != null) {
            jobs.add(job(extra, points, at));
        }
        Travel model = new PointTravel(List.copyOf(points), travel);
        PlanProblem problem = new PlanProblem(vehicles, jobs, model, Objective.LEAST_TIME);
        for (Map.Entry<PlanVehicle, List<StopRef>> route : untimed.entrySet()) {
            routes.add(Schedules.time(problem, route.getKey(), route.getValue()));
        }
        PlanSolution current = new PlanSolution(routes, List.of());
        return new RouteSnapshot(zoneId, at, problem, current);
    }

    /** A drop-off sorted before its own pickup (stale times) goes right after it. */
    private static List<Stop> pickupsFirst(List<Stop> stops) {
        List<Stop> ordered = new ArrayList<>();
        for (Stop stop : stops) {
            if (stop.kind() == StopKind.DROPOFF) {
                continue;
            }
            ordered.add(stop);
        }
        for (Stop stop : stops) {
            if (stop.kind() != StopKind.DROPOFF) {
                continue;
            }
            int pickup = -1;
            for (int i = 0; i < ordered.size(); i++) {
                if (ordered.get(i).job() == stop.job() && ordered.get(i).kind() == StopKind.PICKUP) {
                    pickup = i;
                }
            }
            int natural = naturalIndex(ordered, stop);
            ordered.add(Math.max(natural, pickup + 1), stop);
        }
        return ordered;
    }

    private static int naturalIndex(List<Stop> ordered, Stop stop) {
        if (stop.plannedAt() == null) {
            return ordered.size();
        }
        for (int i = 0; i < ordered.size(); i++) {
            Instant other = ordered.get(i).plannedAt();
            if (other == null || other.isAfter(stop.plannedAt())) {
                return i;
            }
        }
        return ordered.size();
    }

    private PlanJob job(DeliveryState delivery, List<Point> points, Instant at) {
        int pickup = points.size();
        points.add(delivery.pickup);
        int dropoff = points.size();
        points.add(delivery.dropoff);
        double ready = delivery.readyAt == null ? 0 : Math.max(0, seconds(at, delivery.readyAt));
        double due = delivery.dropoffDue == null
                ? Double.POSITIVE_INFINITY
                : Math.max(ready, seconds(at, delivery.dropoffDue));
        return new PlanJob(
                delivery.dispatchId.toString(),
                pickup,
                dropoff,
                1,
                new TimeWindow(ready, Double.POSITIVE_INFINITY),
                new TimeWindow(0, due),
                config.pickupServiceSeconds(),
                config.dropoffServiceSeconds());
    }

    private static Instant plannedAt(DeliveryState delivery, StopKind kind) {
        if (delivery.spot == null) {
            return null;
        }
        return kind == StopKind.PICKUP ? delivery.spot.estimatedPickupAt() : delivery.spot.estimatedDeliveryAt();
    }

    private static double seconds(Instant from, Instant to) {
        return java.time.Duration.between(from, to).toMillis() / 1000.0;
    }

    private Instant deadline() {
        return state.now.plus(state.config.pendingTimeout());
    }

    private record Stop(PlanJob job, StopKind kind, Instant plannedAt) {
        int location() {
            return kind == StopKind.PICKUP ? job.pickup() : job.dropoff();
        }
    }

    /** Travel between points computed when asked (a full matrix of a zone's riders and stops would cost more). */
    private record PointTravel(List<Point> points, TravelModel model) implements Travel {
        @Override
        public int size() {
            return points.size();
        }

        @Override
        public double time(int from, int to) {
            return from == to ? 0 : model.seconds(points.get(from), points.get(to));
        }

        @Override
        public double distance(int from, int to) {
            return from == to ? 0 : model.meters(points.get(from), points.get(to));
        }
    }
}
