package io.dispatch.planner;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The planner's {@link RouteSolver}: adaptive large neighbourhood search for pickup and delivery with time windows
 * (Ropke &amp; Pisinger 2006): remove some jobs (random, worst, related, a whole route: {@link Removal}), put them
 * back by greedy or regret insertion ({@link RegretRepair}, with the {@link Inserter} that {@link CheapestInsertion}
 * uses), keep the result by simulated annealing ({@link Annealing}), and favour the operators that pay ({@link
 * OperatorWeights}); {@link AlnsSearch} runs the loop. Under {@link Objective#FEWEST_VEHICLES} a first phase (up to
 * {@link #VEHICLE_SHARE} of the budget, {@link RouteElimination}) empties one route at a time: its jobs go to a bank
 * that the search must place on the other routes; each success is a vehicle less. The second phase shortens the
 * routes of the best solution.
 *
 * <p>Chosen over jsprit 1.8 and OR-Tools 9.14 on Li &amp; Lim's instances by the benchmark (docs/adr/0041). Fixed parts
 * stay fixed: the job of a stop in progress is never taken off its route, on-board and pinned jobs go back only to
 * their vehicle. With an iteration budget only, the same problem, start and seed give the same solution; the result is
 * never worse than {@code start} by {@link Schedules#score}.
 */
public final class AlnsSolver implements RouteSolver {

    /** Share of the budget that the vehicle phase may use under {@link Objective#FEWEST_VEHICLES}. */
    public static final double VEHICLE_SHARE = 0.5;

    @Override
    public PlanSolution solve(PlanProblem problem, PlanSolution start, SolveBudget budget) {
        PlanSolution found = search(new Model(problem, true), start, budget).toSolution();
        if (start != null) {
            Score given = Schedules.score(problem, start);
            if (!Schedules.score(problem, found).betterThan(given) && given.violations() == 0) {
                return start;
            }
        }
        return found;
    }

    /**
     * One solve: the start completed by insertion, the vehicle phase (FEWEST_VEHICLES), then the search on the used
     * routes (FEWEST_VEHICLES) or all of them (LEAST_TIME) for the rest of the budget.
     */
    private static Plan search(Model m, PlanSolution start, SolveBudget budget) {
        SplittableRandom random = new SplittableRandom(budget.seed());
        SearchProgress progress = new SearchProgress(budget);
        SearchScale scale = SearchScale.of(m);
        // the vehicles whose routes the operators may change; the vehicle phase narrows it
        boolean[] allowed = new boolean[m.vehicleCount];
        Removal removal = new Removal(m, random, allowed, scale);
        RegretRepair repair = new RegretRepair(m, random, allowed, scale);
        AlnsSearch search = new AlnsSearch(m, random, progress, scale, removal, repair);
        Plan plan = StartingPlan.of(m, start);
        Arrays.fill(allowed, true);
        repair.insert(plan, plan.unassignedJobs(), 1, false);
        if (m.hard) {
            plan = new RouteElimination(m, progress, allowed, search, VEHICLE_SHARE).run(plan);
            for (int v = 0; v < m.vehicleCount; v++) {
                allowed[v] = plan.routes[v].n > 0;
            }
        } else {
            Arrays.fill(allowed, true);
        }
        return search.improve(plan, 1.0, false);
    }
}
