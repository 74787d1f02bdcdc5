package io.dispatch.policy.sim;

import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.RouteSolver;
import io.dispatch.planner.SolveBudget;
import io.dispatch.policy.core.Decision;
import io.dispatch.policy.core.DispatchCore;

/**
 * BATCHED's background improvement, every {@link #REOPTIMIZE_MILLIS} as the live engine's planner thread: each
 * zone's routes, solved with an iteration budget and a seed fixed by the run's seed and the round, and the plans the
 * core makes of the result. It keeps going while shifts last, and after them while riders still carry routes.
 */
final class RouteImprovement {

    /** As often as live ({@code dispatch.plan.reoptimize-interval}, PT60S). */
    static final long REOPTIMIZE_MILLIS = 60_000;
    /** The solver's budget per zone and round: iterations only, so a run does not depend on the machine. */
    static final long SOLVE_ITERATIONS = 2_000;

    private final Simulation simulation;
    private final CoreFeed feed;
    private final RouteSolver solver;
    private final long seed;
    private long rounds;

    RouteImprovement(Simulation simulation, CoreFeed feed, RouteSolver solver, long seed) {
        this.simulation = simulation;
        this.feed = feed;
        this.solver = solver;
        this.seed = seed;
    }

    /** Schedules the first round. */
    void start() {
        simulation.queue().at(REOPTIMIZE_MILLIS, this::round);
    }

    private void round() {
        EventQueue queue = simulation.queue();
        long now = queue.nowMillis();
        feed.tick();
        DispatchCore core = feed.core();
        long round = rounds++;
        for (String zoneId : core.zonesWithRoutes()) {
            core.routes(zoneId).ifPresent(snapshot -> {
                PlanSolution better = solver.solve(
                        snapshot.problem(),
                        snapshot.current(),
                        new SolveBudget(null, SOLVE_ITERATIONS, seed * 1_000_003L + round));
                for (Decision decision : core.improved(snapshot, better)) {
                    simulation.aggregate().carryOut(decision);
                }
            });
        }
        long end = simulation.lastShiftEndMillis();
        if (now < end || (!core.zonesWithRoutes().isEmpty() && now < end + CoreFeed.AFTER_LAST_SHIFT_MILLIS)) {
            queue.at(now + REOPTIMIZE_MILLIS, this::round);
        }
    }
}
