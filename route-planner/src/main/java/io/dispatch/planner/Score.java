package io.dispatch.planner;

/**
 * A whole solution judged under its problem's objective, so that a solver can promise never to return a worse one
 * than it was given: broken rules first (fewer is better), then jobs left unassigned, then (under {@link
 * Objective#FEWEST_VEHICLES} only) vehicles used, then {@code cost} (total distance, or total route time plus weighted
 * driving, drop-off waits and lateness).
 */
public record Score(Objective objective, int violations, int unassigned, int vehicles, double cost)
        implements Comparable<Score> {

    /** Relative tolerance under which two costs count as equal (floating-point sums in another order). */
    public static final double COST_EPSILON = 1e-9;

    @Override
    public int compareTo(Score other) {
        if (violations != other.violations) {
            return Integer.compare(violations, other.violations);
        }
        if (unassigned != other.unassigned) {
            return Integer.compare(unassigned, other.unassigned);
        }
        if (objective == Objective.FEWEST_VEHICLES && vehicles != other.vehicles) {
            return Integer.compare(vehicles, other.vehicles);
        }
        double tolerance = COST_EPSILON * Math.max(1, Math.max(Math.abs(cost), Math.abs(other.cost)));
        if (Math.abs(cost - other.cost) <= tolerance) {
            return 0;
        }
        return Double.compare(cost, other.cost);
    }

    /** Strictly better than {@code other}. */
    public boolean betterThan(Score other) {
        return compareTo(other) < 0;
    }
}
