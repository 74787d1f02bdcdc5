package io.dispatch.planner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * When every job is fixed to its vehicle (on board or pinned, as live routes are today: ADR 0042), the routes do not
 * interact, so each vehicle's route is improved alone, in a problem of its own stops. The inner solver's model holds
 * a travel matrix of the problem's locations: for a zone of 1,000 riders with five deliveries each that would be
 * 11,000² entries, for one route it is a few dozen. Anything else goes to the inner solver whole.
 */
public final class PerVehicleSolver implements RouteSolver {

    /** Each route gets at least this many iterations of an iteration budget shared among the routes. */
    static final long MIN_ITERATIONS_PER_ROUTE = 200;

    private final RouteSolver inner;

    public PerVehicleSolver(RouteSolver inner) {
        this.inner = inner;
    }

    @Override
    public PlanSolution solve(PlanProblem problem, PlanSolution start, SolveBudget budget) {
        if (start == null || start.routes().isEmpty() || !everyJobFixed(problem)) {
            return inner.solve(problem, start, budget);
        }
        Map<String, PlanJob> jobs = new LinkedHashMap<>();
        for (PlanJob job : problem.jobs()) {
            jobs.put(job.id(), job);
        }
        int routes = start.routes().size();
        SolveBudget share = new SolveBudget(
                budget.time() == null ? null : budget.time().dividedBy(routes),
                Math.max(MIN_ITERATIONS_PER_ROUTE, budget.iterations() / routes),
                budget.seed());
        List<PlannedRoute> improved = new ArrayList<>();
        for (PlannedRoute route : start.routes()) {
            PlanVehicle vehicle = problem.vehicles().stream()
                    .filter(v -> v.id().equals(route.vehicleId()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no vehicle " + route.vehicleId()));
            List<PlanJob> own = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (PlannedStop stop : route.stops()) {
                if (seen.add(stop.jobId())) {
                    own.add(jobs.get(stop.jobId()));
                }
            }
            PlanProblem alone = new PlanProblem(List.of(vehicle), own, problem.travel(), problem.objective());
            improved.addAll(inner.solve(alone, new PlanSolution(List.of(route), List.of()), share)
                    .routes());
        }
        return new PlanSolution(improved, start.unassigned());
    }

    private static boolean everyJobFixed(PlanProblem problem) {
        Set<String> fixed = new HashSet<>();
        for (PlanVehicle vehicle : problem.vehicles()) {
            fixed.addAll(vehicle.pinned());
            fixed.addAll(vehicle.onBoard());
        }
        return problem.jobs().stream().allMatch(job -> fixed.contains(job.id()));
    }
}
