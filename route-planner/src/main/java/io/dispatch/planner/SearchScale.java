package io.dispatch.planner;

/**
 * The sizes of one problem that the search measures against: {@code big}, the price of an unassigned job (and under
 * {@link Objective#FEWEST_VEHICLES} of a vehicle), which outweighs any distance a solution could save; the longest
 * distance between stops (sampled on large problems) and the latest time in any window.
 */
record SearchScale(boolean hard, double big, double maxDistance, double horizon) {

    static SearchScale of(Model m) {
        double max = 0;
        double legs = 0;
        double latest = 0;
        for (int x = 0; x < 2 * m.jobCount; x++) {
            if ((x & 1) == 0) {
                legs += m.distance(m.loc[x], m.loc[x + 1]);
            }
            for (int y = x + 1; y < 2 * m.jobCount; y += Math.max(1, m.jobCount / 200)) {
                max = Math.max(max, m.distance(m.loc[x], m.loc[y]));
            }
            if (Double.isFinite(m.due[x])) {
                latest = Math.max(latest, m.due[x]);
            }
            latest = Math.max(latest, m.ready[x]);
        }
        double maxDistance = Math.max(max, 1e-9);
        double big = 1e3 * (legs + maxDistance + 1) + 1e6;
        return new SearchScale(m.hard, big, maxDistance, Math.max(latest, 1));
    }

    /** The objective as one number for the annealing: unassigned jobs and (FEWEST_VEHICLES) vehicles are big. */
    double value(Plan plan) {
        return plan.cost() + big * plan.unassigned() + (hard ? big * plan.vehicles() : 0);
    }
}
