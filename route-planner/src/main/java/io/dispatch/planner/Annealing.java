package io.dispatch.planner;

import java.util.SplittableRandom;

/**
 * Simulated annealing's acceptance for one stretch of the search, from budget share {@code from} to {@code until}:
 * the temperature falls geometrically from 1% of the start's cost (a 1% worse solution kept half the time) to 1/500
 * of that; a better solution is always kept, an equal one never.
 */
final class Annealing {

    private final double from;
    private final double until;
    private final double t0;
    private final double tEnd;

    Annealing(double startCost, double from, double until) {
        this.from = from;
        this.until = until;
        this.t0 = 0.01 * Math.max(startCost, 1e-9) / Math.log(2);
        this.tEnd = t0 / 500;
    }

    /** Whether the search moves from a solution worth {@code currentValue} to one worth {@code value}. */
    boolean accepts(double value, double currentValue, double progress, SplittableRandom random) {
        return value < currentValue - 1e-9
                || (value > currentValue + 1e-9
                        && random.nextDouble() < Math.exp((currentValue - value) / temperature(progress)));
    }

    private double temperature(double progress) {
        double phase = until > from ? (progress - from) / (until - from) : 1;
        return t0 * Math.pow(tEnd / t0, Math.min(1, Math.max(0, phase)));
    }
}
