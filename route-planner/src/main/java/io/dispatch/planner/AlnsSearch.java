package io.dispatch.planner;

import java.util.SplittableRandom;

/**
 * The ALNS loop of one solve: each iteration removes some jobs from a copy of the current plan ({@link Removal}), puts
 * them back ({@link RegretRepair}), lets the {@link Annealing} decide whether the copy becomes current, and rewards
 * the two operators ({@link OperatorWeights}). The weights carry over from one call of {@link #improve} to the next.
 */
final class AlnsSearch {

    /** Iterations between two adaptations of the operators' weights. */
    private static final int SEGMENT = 100;
    /** In bank mode: iterations without fewer unassigned jobs before the search gives up. */
    private static final int STALL = 3000;

    private final Model m;
    private final SplittableRandom random;
    private final SearchProgress progress;
    private final SearchScale scale;
    private final Removal removal;
    private final RegretRepair repair;
    private final OperatorWeights removalWeights = new OperatorWeights(Removal.OPERATORS);
    private final OperatorWeights repairWeights = new OperatorWeights(RegretRepair.OPERATORS);

    AlnsSearch(
            Model m,
            SplittableRandom random,
            SearchProgress progress,
            SearchScale scale,
            Removal removal,
            RegretRepair repair) {
        this.m = m;
        this.random = random;
        this.progress = progress;
        this.scale = scale;
        this.removal = removal;
        this.repair = repair;
    }

    /**
     * The best plan found from {@code start} until the budget's share reaches {@code until}; in {@code bank} mode (the
     * {@link RouteElimination}) it returns as soon as no job is left unassigned, or after {@link #STALL} iterations
     * without fewer unassigned jobs.
     */
    Plan improve(Plan start, double until, boolean bank) {
        Plan current = new Plan(start);
        Plan best = new Plan(start);
        Plan work = new Plan(start);
        Annealing annealing = new Annealing(start.cost(), progress.share(), until);
        double currentValue = scale.value(current);
        double bestValue = currentValue;
        int removable = 0;
        for (int j = 0; j < m.jobCount; j++) {
            removable += m.immovable[j] ? 0 : 1;
        }
        int qMin = Math.min(4, removable);
        int qMax = Math.max(qMin, Math.min(40, (int) Math.round(0.4 * removable)));
        long stall = 0;
        int bestUnassigned = best.unassigned();
        while (true) {
            double p = progress.share();
            if (p >= until || qMax == 0) {
                break;
            }
            if (bank && (best.unassigned() == 0 || stall > STALL)) {
                break;
            }
            long iteration = progress.nextIteration();
            work.copyFrom(current);
            int d = removalWeights.pick(random);
            int rep = repairWeights.pick(random);
            int q = qMin + random.nextInt(qMax - qMin + 1);
            removal.remove(work, d, q);
            repair.insert(work, work.unassignedJobs(), rep + 1, random.nextBoolean());
            double value = scale.value(work);
            boolean accept = annealing.accepts(value, currentValue, p, random);
            double reward = OperatorWeights.reward(value, currentValue, bestValue, accept);
            if (accept) {
                Plan swap = current;
                current = work;
                work = swap;
                currentValue = value;
                if (value < bestValue - 1e-9) {
                    best.copyFrom(current);
                    bestValue = value;
                }
            }
            removalWeights.credit(d, reward);
            repairWeights.credit(rep, reward);
            if (iteration % SEGMENT == 0) {
                removalWeights.adapt();
                repairWeights.adapt();
            }
            if (best.unassigned() < bestUnassigned) {
                bestUnassigned = best.unassigned();
                stall = 0;
            } else {
                stall++;
            }
        }
        return best;
    }
}
