package io.dispatch.planner;

import java.util.ArrayList;
import java.util.List;

/**
 * The vehicle phase under {@link Objective#FEWEST_VEHICLES}: empties one route at a time, its jobs a bank that the
 * {@link AlnsSearch} must place on the other used routes; each success is a vehicle less. It stops when the budget's
 * {@code share} is spent or no route can be emptied.
 */
final class RouteElimination {

    private final Model m;
    private final SearchProgress progress;
    private final boolean[] allowed;
    private final AlnsSearch search;
    private final double share;

    RouteElimination(Model m, SearchProgress progress, boolean[] allowed, AlnsSearch search, double share) {
        this.m = m;
        this.progress = progress;
        this.allowed = allowed;
        this.search = search;
        this.share = share;
    }

    /** The plan with fewest vehicles found from {@code best} (complete: no job unassigned). */
    Plan run(Plan best) {
        int attempt = 0;
        while (progress.share() < share && best.unassigned() == 0 && best.vehicles() > 1) {
            Integer[] order = emptiableRoutes(best);
            if (order.length == 0) {
                break;
            }
            int target = order[attempt % order.length];
            Plan trial = new Plan(best);
            for (int v = 0; v < m.vehicleCount; v++) {
                allowed[v] = trial.routes[v].n > 0 && v != target;
            }
            Route r = trial.routes[target];
            while (r.n > 0) {
                trial.remove(r.nodes[0] >> 1);
            }
            Plan found = search.improve(trial, share, true);
            if (found.unassigned() == 0) {
                best = found;
                attempt = 0;
            } else {
                attempt++;
            }
        }
        return best;
    }

    /** Used routes without a fixed job, fewest jobs first. */
    private Integer[] emptiableRoutes(Plan plan) {
        List<Integer> routes = new ArrayList<>();
        for (int v = 0; v < m.vehicleCount; v++) {
            Route r = plan.routes[v];
            boolean fixed = false;
            for (int k = 0; k < r.n; k++) {
                int job = r.nodes[k] >> 1;
                fixed |= m.immovable[job] || m.forcedVehicle[job] >= 0;
            }
            if (r.n > 0 && !fixed) {
                routes.add(v);
            }
        }
        routes.sort((a, b) -> Integer.compare(plan.routes[a].n, plan.routes[b].n));
        return routes.toArray(Integer[]::new);
    }
}
