package io.dispatch.planner;

/**
 * How far one solve has come through its {@link SolveBudget}: the larger of the iterations' share and the clock's
 * share, from 0 to 1. With an iteration budget only it never reads the clock's share, so a seeded run repeats.
 */
final class SearchProgress {

    private final long maxIterations;
    private final long startNanos;
    private final long deadlineNanos;
    private final boolean timed;
    private long iterations;

    SearchProgress(SolveBudget budget) {
        this.maxIterations = budget.iterations();
        this.startNanos = System.nanoTime();
        this.timed = budget.time() != null;
        this.deadlineNanos = timed ? startNanos + budget.time().toNanos() : Long.MAX_VALUE;
    }

    /** The share of the budget spent; 1 when the budget allows nothing. */
    double share() {
        double p = maxIterations > 0 ? (double) iterations / maxIterations : 0;
        if (timed) {
            long span = deadlineNanos - startNanos;
            p = span <= 0 ? 1 : Math.max(p, (double) (System.nanoTime() - startNanos) / span);
        }
        if (maxIterations <= 0 && !timed) {
            return 1;
        }
        return p;
    }

    /** Counts one more iteration and returns its number (1 for the first). */
    long nextIteration() {
        return ++iterations;
    }
}
