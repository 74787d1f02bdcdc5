package io.dispatch.planner;

import java.util.List;
import java.util.SplittableRandom;

/**
 * ALNS's repair operators: put unassigned jobs back on the allowed vehicles by regret insertion, each at its
 * cheapest place ({@link Inserter}); a job no route can take stays unassigned. Under {@link
 * Objective#FEWEST_VEHICLES} opening an empty route costs {@link SearchScale#big()}.
 */
final class RegretRepair {

    /** Operator {@code k} is regret-{@code (k + 1)}: greedy (cheapest first), regret-2, regret-3. */
    static final int OPERATORS = 3;

    private static final double NOISE = 0.025;

    private final Model m;
    private final SplittableRandom random;
    private final boolean[] allowed;
    private final SearchScale scale;
    private final Inserter inserter;

    RegretRepair(Model m, SplittableRandom random, boolean[] allowed, SearchScale scale) {
        this.m = m;
        this.random = random;
        this.allowed = allowed;
        this.scale = scale;
        this.inserter = new Inserter(m);
    }

    /**
     * Inserts {@code pool}'s jobs, regret-{@code k}: the job whose best place beats its next {@code k - 1} places by
     * most goes first (jobs with fewer feasible routes before all others). With {@code noise} each insertion cost is
     * shaken by up to 2.5% of the longest distance.
     */
    void insert(Plan plan, List<Integer> pool, int k, boolean noise) {
        int count = pool.size();
        if (count == 0) {
            return;
        }
        InsertionCosts costs = new InsertionCosts(count, m.vehicleCount);
        for (int v = 0; v < m.vehicleCount; v++) {
            evaluate(plan, pool, v, costs, noise);
        }
        for (int left = count; left > 0; left--) {
            int chosen = costs.next(k);
            if (chosen < 0) {
                return;
            }
            int v = costs.cheapest(chosen).vehicle();
            plan.insert(pool.get(chosen), v, costs.posI[chosen][v], costs.posJ[chosen][v]);
            costs.done[chosen] = true;
            evaluate(plan, pool, v, costs, noise);
        }
    }

    /** Prices every job still in the pool on vehicle {@code v}'s route as it is now. */
    private void evaluate(Plan plan, List<Integer> pool, int v, InsertionCosts costs, boolean noise) {
        Route r = plan.routes[v];
        boolean open = allowed[v];
        double opening = m.hard && r.n == 0 ? scale.big() : 0;
        for (int a = 0; a < pool.size(); a++) {
            if (costs.done[a]) {
                continue;
            }
            double c = open ? inserter.best(r, pool.get(a)) : Double.POSITIVE_INFINITY;
            if (c != Double.POSITIVE_INFINITY) {
                costs.posI[a][v] = inserter.bestI;
                costs.posJ[a][v] = inserter.bestJ;
                if (noise) {
                    c = Math.max(0, c + (2 * random.nextDouble() - 1) * NOISE * scale.maxDistance());
                }
                c += opening;
            }
            costs.cost[a][v] = c;
        }
    }
}
