package io.dispatch.planner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Times a route and judges it, the same way the insertion and the solver do, so that the engine can show planned
 * times and check a route it holds (an operator's change, a rider's new position) without a solver. A vehicle
 * leaves {@code start} at {@code startTime}, drives, waits for a window's {@code ready}, serves, and goes on; under
 * {@link Objective#FEWEST_VEHICLES} no service may start after {@code due} and the return may not be after {@code
 * endBy}; under {@link Objective#LEAST_TIME} that is lateness, paid {@link #LATE_WEIGHT} times.
 */
public final class Schedules {

    /**
     * Under {@link Objective#LEAST_TIME}, what one second past a window's {@code due} costs, in seconds of route time:
     * ten, so the plan accepts up to ten seconds more driving to make a parcel one second less late.
     */
    public static final double LATE_WEIGHT = 10.0;

    /**
     * Under {@link Objective#LEAST_TIME}, what one second of driving costs on top of the route time it takes: four, so
     * a rider who would wait at the pickup anyway is not sent from further away for free (ADR 0057), and a rider
     * already riding that way is preferred to a free one further off unless the parcels wait clearly longer for it
     * (ADR 0062).
     */
    public static final double DRIVE_WEIGHT = 4.0;

    /**
     * Under {@link Objective#LEAST_TIME}, what one second until a drop-off is served costs, for every drop-off: three,
     * so each parcel's wait counts, not only the route's end and lateness past the soft target (ADR 0057), and counts
     * for every parcel alike rather than mostly past its target (ADR 0062: lateness then weighs 10 against 3, not 1).
     */
    public static final double DROPOFF_WEIGHT = 3.0;

    private Schedules() {}

    /** {@code stops} timed from {@code vehicle}'s start; every stop's job must be one of {@code problem}'s. */
    public static PlannedRoute time(PlanProblem problem, PlanVehicle vehicle, List<StopRef> stops) {
        Model model = new Model(problem, false);
        Route route = build(model, model.vehicle(vehicle.id()), stops, new ArrayList<>());
        return new PlannedRoute(vehicle.id(), route.plannedStops());
    }

    /**
     * The rules {@code stops} breaks on {@code vehicle} and its cost: each job once, pickup before drop-off, the
     * vehicle's on-board jobs by drop-off only and no other's, jobs pinned elsewhere not here, the stop in progress
     * first, capacity at every stop, and the windows when they are hard.
     */
    public static RouteCheck check(PlanProblem problem, PlanVehicle vehicle, List<StopRef> stops) {
        Model model = new Model(problem, false);
        List<String> violations = new ArrayList<>();
        Route route = build(model, model.vehicle(vehicle.id()), stops, violations);
        return new RouteCheck(
                violations, route.distance, route.finish - model.vStartTime[route.v], route.lateness, route.cost());
    }

    /**
     * {@code solution} judged as a whole: the breaks of every route, plus jobs on no route and not unassigned, jobs
     * twice, an on-board job unassigned; its unassigned jobs, vehicles used and summed cost.
     */
    public static Score score(PlanProblem problem, PlanSolution solution) {
        Model model = new Model(problem, false);
        List<String> violations = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        int vehicles = 0;
        double cost = 0;
        Set<String> routed = new HashSet<>();
        for (PlannedRoute planned : solution.routes()) {
            Integer v = model.vehicleIndex.get(planned.vehicleId());
            if (v == null) {
                violations.add("no such vehicle: " + planned.vehicleId());
                continue;
            }
            if (!routed.add(planned.vehicleId())) {
                violations.add("vehicle has two routes: " + planned.vehicleId());
            }
            List<StopRef> refs = new ArrayList<>(planned.stops().size());
            for (PlannedStop stop : planned.stops()) {
                refs.add(new StopRef(stop.jobId(), stop.kind()));
                if (stop.kind() == StopKind.DROPOFF) {
                    seen.merge(stop.jobId(), 1, Integer::sum);
                }
            }
            Route route = build(model, v, refs, violations);
            if (route.n > 0) {
                vehicles++;
            }
            cost += route.cost();
        }
        for (String id : solution.unassigned()) {
            if (!model.jobIndex.containsKey(id)) {
                violations.add("no such job: " + id);
                continue;
            }
            seen.merge(id, 1, Integer::sum);
            if (model.onBoard[model.job(id)]) {
                violations.add("on board but unassigned: " + id);
            }
        }
        for (PlanJob job : problem.jobs()) {
            int times = seen.getOrDefault(job.id(), 0);
            if (times != 1) {
                violations.add("job " + job.id() + " planned " + times + " times");
            }
        }
        return new Score(
                problem.objective(), violations.size(), solution.unassigned().size(), vehicles, cost);
    }

    /** Builds and times a route, adding to {@code violations} what it breaks. */
    static Route build(Model model, int v, List<StopRef> stops, List<String> violations) {
        Route route = new Route(model, v);
        String vehicleId = model.problem.vehicles().get(v).id();
        Set<Integer> nodes = new HashSet<>();
        for (StopRef stop : stops) {
            Integer j = model.jobIndex.get(stop.jobId());
            if (j == null) {
                violations.add("no such job: " + stop.jobId());
                continue;
            }
            int node = model.node(stop);
            if (!nodes.add(node)) {
                violations.add(stop.kind() + " of " + stop.jobId() + " twice on " + vehicleId);
                continue;
            }
            if (!model.mayServe(v, j)) {
                violations.add(stop.jobId() + " is fixed on another vehicle than " + vehicleId);
            }
            if (stop.kind() == StopKind.PICKUP && model.onBoard[j]) {
                violations.add(stop.jobId() + " is on board: no pickup to plan");
            }
            if (stop.kind() == StopKind.DROPOFF && !model.onBoard[j] && !nodes.contains(node - 1)) {
                violations.add("drop-off of " + stop.jobId() + " before its pickup on " + vehicleId);
            }
            route.insertAt(route.n, node);
        }
        for (int node : nodes) {
            if ((node & 1) == 0 && !nodes.contains(node + 1)) {
                violations.add("pickup of " + model.jobId(node) + " without its drop-off on " + vehicleId);
            }
        }
        int first = model.vFirstNode[v];
        if (first >= 0 && (route.n == 0 || route.nodes[0] != first)) {
            violations.add("stop in progress is not first on " + vehicleId);
        }
        route.update();
        int load = model.vInitialLoad[v];
        if (load > model.vCapacity[v]) {
            violations.add("over capacity at the start of " + vehicleId);
        }
        for (int k = 0; k < route.n; k++) {
            int x = route.nodes[k];
            if (route.load[k] > model.vCapacity[v]) {
                violations.add("over capacity at " + model.kind(x) + " of " + model.jobId(x) + " on " + vehicleId);
            }
            if (model.hard && route.start[k] > model.due[x] + Model.EPS) {
                violations.add("late " + model.kind(x) + " of " + model.jobId(x) + " on " + vehicleId);
            }
        }
        if (model.hard && route.n > 0 && route.endArrival > model.vEndBy[v] + Model.EPS) {
            violations.add("returns after endBy: " + vehicleId);
        }
        return route;
    }
}
