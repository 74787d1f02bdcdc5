package io.dispatch.planner;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The live routes' improvement when some jobs may change vehicle (ADR 0061): each job that is not fixed (not pinned,
 * not on board, not a vehicle's stop in progress) is taken off its route in turn and put at its cheapest place on
 * another vehicle's route ({@link CheapestInsertion}), and the move is kept when it lowers the objective by more than
 * {@code marginSeconds}. Then every job is pinned where it now is and {@code inner} improves each route alone, as
 * {@link PerVehicleSolver} does.
 *
 * <p>Searching the whole zone with every uncollected job free (ALNS across vehicles) found little more than the
 * insertions already made, at 25 times the CPU; moving one job at a time to where it fits best is cheap (one
 * insertion per job) and is what helps on every simulated day: fewer late parcels and fewer jobs left unassigned.
 * The margin keeps a job from changing rider for a few seconds' gain: every move is a new assignment a rider sees.
 *
 * <p>Deterministic: jobs are tried in the order of {@code start}'s routes. The moves stop at the budget's time, if it
 * has one, and the inner solver gets what is left of it.
 */
public final class Relocation implements RouteSolver {

    private final RouteSolver inner;
    private final double marginSeconds;

    public Relocation(RouteSolver inner, double marginSeconds) {
        if (marginSeconds < 0) {
            throw new IllegalArgumentException("marginSeconds must not be negative: " + marginSeconds);
        }
        this.inner = inner;
        this.marginSeconds = marginSeconds;
    }

    @Override
    public PlanSolution solve(PlanProblem problem, PlanSolution start, SolveBudget budget) {
        if (start == null || start.routes().isEmpty()) {
            return inner.solve(problem, start, budget);
        }
        long started = System.nanoTime();
        Set<String> fixed = fixedJobs(problem);
        PlanSolution solution = start;
        for (String job : movableJobs(start, fixed)) {
            if (budget.time() != null
                    && System.nanoTime() - started > budget.time().toNanos()) {
                break;
            }
            solution = relocated(problem, solution, job);
        }
        SolveBudget rest = budget.time() == null
                ? budget
                : new SolveBudget(
                        budget.time().minus(Duration.ofNanos(System.nanoTime() - started)),
                        budget.iterations(),
                        budget.seed());
        if (rest.time() != null && rest.time().isNegative()) {
            rest = new SolveBudget(Duration.ZERO, rest.iterations(), rest.seed());
        }
        return inner.solve(pinnedWhereTheyAre(problem, solution), solution, rest);
    }

    /** {@code job} moved to another vehicle's route when that saves more than the margin; else {@code solution}. */
    private PlanSolution relocated(PlanProblem problem, PlanSolution solution, String job) {
        PlannedRoute route = routeOf(solution, job);
        if (route == null) {
            return solution;
        }
        PlanVehicle vehicle = vehicle(problem, route.vehicleId());
        List<StopRef> with = refs(route);
        List<StopRef> without = new ArrayList<>(with);
        without.removeIf(ref -> ref.jobId().equals(job));
        double saved = Schedules.check(problem, vehicle, with).cost()
                - (without.isEmpty()
                        ? 0
                        : Schedules.check(problem, vehicle, without).cost());
        List<PlannedRoute> routes = new ArrayList<>();
        for (PlannedRoute other : solution.routes()) {
            if (other != route) {
                routes.add(other);
            } else if (!without.isEmpty()) {
                routes.add(Schedules.time(problem, vehicle, without));
            }
        }
        Optional<Inserted> best =
                CheapestInsertion.insert(problem, new PlanSolution(routes, solution.unassigned()), job);
        if (best.isPresent()
                && !best.get().vehicleId().equals(route.vehicleId())
                && best.get().addedCost() < saved - marginSeconds) {
            return best.get().solution();
        }
        return solution;
    }

    private static Set<String> fixedJobs(PlanProblem problem) {
        Set<String> fixed = new HashSet<>();
        for (PlanVehicle vehicle : problem.vehicles()) {
            fixed.addAll(vehicle.pinned());
            fixed.addAll(vehicle.onBoard());
            if (vehicle.firstStop() != null) {
                fixed.add(vehicle.firstStop().jobId());
            }
        }
        return fixed;
    }

    private static List<String> movableJobs(PlanSolution start, Set<String> fixed) {
        List<String> jobs = new ArrayList<>();
        for (PlannedRoute route : start.routes()) {
            for (PlannedStop stop : route.stops()) {
                if (stop.kind() == StopKind.PICKUP && !fixed.contains(stop.jobId())) {
                    jobs.add(stop.jobId());
                }
            }
        }
        return jobs;
    }

    /** Every job pinned to the vehicle whose route now holds it, so the inner solver improves each route alone. */
    private static PlanProblem pinnedWhereTheyAre(PlanProblem problem, PlanSolution solution) {
        List<PlanVehicle> vehicles = new ArrayList<>();
        for (PlanVehicle vehicle : problem.vehicles()) {
            Set<String> pinned = new java.util.LinkedHashSet<>(vehicle.pinned());
            for (PlannedRoute route : solution.routes()) {
                if (route.vehicleId().equals(vehicle.id())) {
                    route.stops().forEach(stop -> pinned.add(stop.jobId()));
                }
            }
            vehicles.add(new PlanVehicle(
                    vehicle.id(),
                    vehicle.start(),
                    vehicle.startTime(),
                    vehicle.end(),
                    vehicle.capacity(),
                    vehicle.onBoard(),
                    List.copyOf(pinned),
                    vehicle.firstStop(),
                    vehicle.endBy()));
        }
        return new PlanProblem(vehicles, problem.jobs(), problem.travel(), problem.objective());
    }

    private static PlannedRoute routeOf(PlanSolution solution, String job) {
        for (PlannedRoute route : solution.routes()) {
            for (PlannedStop stop : route.stops()) {
                if (stop.jobId().equals(job)) {
                    return route;
                }
            }
        }
        return null;
    }

    private static PlanVehicle vehicle(PlanProblem problem, String id) {
        return problem.vehicles().stream()
                .filter(v -> v.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no vehicle " + id));
    }

    private static List<StopRef> refs(PlannedRoute route) {
        return route.stops().stream().map(s -> new StopRef(s.jobId(), s.kind())).toList();
    }
}
