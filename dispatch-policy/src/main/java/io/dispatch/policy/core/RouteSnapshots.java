package io.dispatch.policy.core;

import io.dispatch.planner.Objective;
import io.dispatch.planner.PlanJob;
import io.dispatch.planner.PlanProblem;
import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.PlanVehicle;
import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.Schedules;
import io.dispatch.planner.StopKind;
import io.dispatch.planner.StopRef;
import io.dispatch.planner.TimeWindow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Turns riders and the BATCHED deliveries on their routes into the route planner's problem and current solution, as
 * of the core's now: times are seconds after it, travel is the zone's model, every delivery a rider carries is pinned
 * to that rider (on board once picked up), and the stop a rider stands at is fixed first.
 */
final class RouteSnapshots {

    private final CoreState state;
    private final PlanningConfig config;

    RouteSnapshots(CoreState state, PlanningConfig config) {
        this.state = state;
        this.config = config;
    }

    /** The riders' routes in {@code zoneId}, with {@code extra} (not on any route yet) as one more job, or null. */
    RouteSnapshot of(String zoneId, List<RiderState> riders, DeliveryState extra) {
        return of(zoneId, riders, extra, false);
    }

    /**
     * As {@link #of(String, List, DeliveryState)}; with {@code movable}, a delivery its rider holds that is not picked
     * up, not an operator's and not the stop in progress is not pinned: the improvement may give it to another rider
     * of the snapshot (decisions.md §15).
     */
    RouteSnapshot of(String zoneId, List<RiderState> riders, DeliveryState extra, boolean movable) {
        Instant at = state.now;
        List<Point> points = new ArrayList<>();
        List<PlanVehicle> vehicles = new ArrayList<>();
        List<PlanJob> jobs = new ArrayList<>();
        Map<PlanVehicle, List<StopRef>> untimed = new LinkedHashMap<>();
        for (RiderState rider : riders) {
            int start = points.size();
            points.add(rider.position);
            List<String> onBoard = new ArrayList<>();
            List<String> pinned = new ArrayList<>();
            List<StopOrder.Stop> stops = new ArrayList<>();
            for (DeliveryState delivery : routeDeliveries(rider, extra)) {
                String key = delivery.dispatchId.toString();
                PlanJob job = job(delivery, points, at);
                jobs.add(job);
                pinned.add(key);
                if (delivery.pickedUp) {
                    onBoard.add(key);
                } else {
                    stops.add(new StopOrder.Stop(job, StopKind.PICKUP, plannedAt(delivery, StopKind.PICKUP)));
                }
                stops.add(new StopOrder.Stop(job, StopKind.DROPOFF, plannedAt(delivery, StopKind.DROPOFF)));
            }
            stops = StopOrder.of(stops);
            PlanVehicle.FixedStop first = null;
            if (!stops.isEmpty()) {
                StopOrder.Stop head = stops.getFirst();
                if (rider.position.greatCircleMeters(points.get(head.location())) <= config.stopInProgressMeters()) {
                    first = new PlanVehicle.FixedStop(head.job().id(), head.kind());
                }
            }
            if (movable) {
                String inProgress = first == null ? null : first.jobId();
                pinned.removeIf(
                        key -> movable(state.deliveries.get(UUID.fromString(key)), rider) && !key.equals(inProgress));
            }
            vehicles.add(new PlanVehicle(
                    rider.riderId.toString(), start, 0, -1, Math.max(1, rider.maxActive), onBoard, pinned, first));
            if (!stops.isEmpty()) {
                untimed.put(
                        vehicles.getLast(),
                        stops.stream().map(StopOrder.Stop::ref).toList());
            }
        }
        if (extra != null) {
            jobs.add(job(extra, points, at));
        }
        PointTravel travel = new PointTravel(List.copyOf(points), state.travelOf(zoneId));
        PlanProblem problem = new PlanProblem(vehicles, jobs, travel, Objective.LEAST_TIME);
        List<PlannedRoute> routes = new ArrayList<>();
        for (Map.Entry<PlanVehicle, List<StopRef>> route : untimed.entrySet()) {
            routes.add(Schedules.time(problem, route.getKey(), route.getValue()));
        }
        return new RouteSnapshot(zoneId, at, problem, new PlanSolution(routes, List.of()));
    }

    /**
     * The objective's cost of {@code delivery} alone, on the route of a rider standing at its pickup now: its wait for
     * the kitchen, its ride and its lateness if nothing else delayed it.
     */
    double ownCost(DeliveryState delivery) {
        List<Point> points = new ArrayList<>();
        points.add(delivery.pickup);
        PlanJob job = job(delivery, points, state.now);
        PlanVehicle alone = PlanVehicle.free("alone", 0, 0, -1, 1);
        PointTravel travel = new PointTravel(List.copyOf(points), state.travelOf(delivery.zoneId));
        PlanProblem problem = new PlanProblem(List.of(alone), List.of(job), travel, Objective.LEAST_TIME);
        List<StopRef> stops = List.of(new StopRef(job.id(), StopKind.PICKUP), new StopRef(job.id(), StopKind.DROPOFF));
        return Schedules.check(problem, alone, stops).cost();
    }

    /**
     * Whether the improvement may give {@code delivery} to another rider: held by {@code rider}, not picked up, not an
     * operator's, and the rider not at its pickup (whatever the route's order says, a rider standing at the kitchen is
     * at that stop: it is in progress).
     */
    private boolean movable(DeliveryState delivery, RiderState rider) {
        return delivery != null
                && rider.riderId.equals(delivery.holder)
                && !delivery.pickedUp
                && !delivery.byOperator
                && rider.position.greatCircleMeters(delivery.pickup) > config.stopInProgressMeters();
    }

    /** The BATCHED deliveries on the rider's route: held, or assigned to the rider by a decision still pending. */
    List<DeliveryState> routeDeliveries(RiderState rider, DeliveryState extra) {
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
}
