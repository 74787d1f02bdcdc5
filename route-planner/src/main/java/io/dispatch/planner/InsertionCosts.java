package io.dispatch.planner;

/**
 * A repair's table: per job of its pool and per vehicle, the cost of the job's cheapest insertion into the vehicle's
 * route and where it goes (infinite where the job does not fit), and which jobs are placed already.
 */
final class InsertionCosts {

    final double[][] cost;
    final int[][] posI;
    final int[][] posJ;
    final boolean[] done;

    InsertionCosts(int jobs, int vehicles) {
        this.cost = new double[jobs][vehicles];
        this.posI = new int[jobs][vehicles];
        this.posJ = new int[jobs][vehicles];
        this.done = new boolean[jobs];
    }

    /** A job's three cheapest vehicles' costs, the cheapest vehicle (the first of equals) and its feasible count. */
    record Cheapest(double first, double second, double third, int vehicle, int feasible) {

        double regret(int k) {
            double regret = 0;
            if (k >= 2) {
                regret += second == Double.POSITIVE_INFINITY ? 0 : second - first;
            }
            if (k >= 3) {
                regret += third == Double.POSITIVE_INFINITY ? 0 : third - first;
            }
            return regret;
        }
    }

    Cheapest cheapest(int job) {
        double c1 = Double.POSITIVE_INFINITY;
        double c2 = Double.POSITIVE_INFINITY;
        double c3 = Double.POSITIVE_INFINITY;
        int v1 = -1;
        int feasible = 0;
        for (int v = 0; v < cost[job].length; v++) {
            double c = cost[job][v];
            if (c == Double.POSITIVE_INFINITY) {
                continue;
            }
            feasible++;
            if (c < c1) {
                c3 = c2;
                c2 = c1;
                c1 = c;
                v1 = v;
            } else if (c < c2) {
                c3 = c2;
                c2 = c;
            } else if (c < c3) {
                c3 = c;
            }
        }
        return new Cheapest(c1, c2, c3, v1, feasible);
    }

    /**
     * The job to insert next under regret-{@code k}, or -1 when no job left fits anywhere: for {@code k} 1 the
     * cheapest; otherwise the job with fewest feasible vehicles (counted up to {@code k}), then largest regret, then
     * cheapest; the first of equals.
     */
    int next(int k) {
        int chosen = -1;
        Cheapest best = null;
        for (int a = 0; a < done.length; a++) {
            if (done[a]) {
                continue;
            }
            Cheapest candidate = cheapest(a);
            if (candidate.feasible() == 0) {
                continue;
            }
            if (best == null || before(candidate, best, k)) {
                chosen = a;
                best = candidate;
            }
        }
        return chosen;
    }

    private static boolean before(Cheapest candidate, Cheapest chosen, int k) {
        if (k == 1) {
            return candidate.first() < chosen.first();
        }
        int few = Math.min(candidate.feasible(), k);
        int chosenFew = Math.min(chosen.feasible(), k);
        double regret = candidate.regret(k);
        double chosenRegret = chosen.regret(k);
        return few < chosenFew
                || (few == chosenFew
                        && (regret > chosenRegret || (regret == chosenRegret && candidate.first() < chosen.first())));
    }
}
