package io.dispatch.planner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * ALNS's destroy operators: take {@code q} jobs off the plan's routes, leaving them unassigned for {@link
 * RegretRepair}. Only jobs that may move are taken: not the job of a stop in progress, and only from the routes the
 * search may change ({@code allowed}).
 */
final class Removal {

    /** Random, worst, related, a whole route. */
    static final int OPERATORS = 4;

    private final Model m;
    private final SplittableRandom random;
    private final boolean[] allowed;
    private final SearchScale scale;
    private final Route scratch;

    Removal(Model m, SplittableRandom random, boolean[] allowed, SearchScale scale) {
        this.m = m;
        this.random = random;
        this.allowed = allowed;
        this.scale = scale;
        this.scratch = new Route(m, 0);
    }

    void remove(Plan plan, int operator, int q) {
        List<Integer> candidates = removableJobs(plan);
        if (candidates.isEmpty()) {
            return;
        }
        q = Math.min(q, candidates.size());
        switch (operator) {
            case 0 -> randomJobs(plan, candidates, q);
            case 1 -> worst(plan, candidates, q);
            case 2 -> related(plan, candidates, q);
            default -> wholeRoute(plan, candidates);
        }
    }

    private List<Integer> removableJobs(Plan plan) {
        List<Integer> jobs = new ArrayList<>();
        for (int j = 0; j < m.jobCount; j++) {
            int v = plan.vehicleOf[j];
            if (v >= 0 && !m.immovable[j] && allowed[v]) {
                jobs.add(j);
            }
        }
        return jobs;
    }

    private void randomJobs(Plan plan, List<Integer> candidates, int q) {
        for (int k = 0; k < q; k++) {
            int at = random.nextInt(candidates.size());
            plan.remove(candidates.get(at));
            candidates.set(at, candidates.getLast());
            candidates.removeLast();
        }
    }

    /** The jobs whose removal saves most, drawn with a strong bias towards the top. */
    private void worst(Plan plan, List<Integer> candidates, int q) {
        int size = candidates.size();
        double[] saving = new double[size];
        Integer[] order = new Integer[size];
        for (int k = 0; k < size; k++) {
            int j = candidates.get(k);
            Route r = plan.routes[plan.vehicleOf[j]];
            scratch.copyFrom(r);
            scratch.removeJob(j);
            scratch.update();
            saving[k] = r.cost() - scratch.cost();
            order[k] = k;
        }
        Arrays.sort(order, (a, b) -> Double.compare(saving[b], saving[a]));
        boolean[] taken = new boolean[size];
        for (int removed = 0; removed < q; removed++) {
            int at = (int) (Math.pow(random.nextDouble(), 3) * (size - removed));
            int seen = -1;
            for (int k = 0; k < size; k++) {
                if (!taken[order[k]] && ++seen == at) {
                    taken[order[k]] = true;
                    plan.remove(candidates.get(order[k]));
                    break;
                }
            }
        }
    }

    /** Shaw removal: a random job, then jobs close to one already taken in place, time and size. */
    private void related(Plan plan, List<Integer> candidates, int q) {
        List<Integer> removed = new ArrayList<>();
        int seed = random.nextInt(candidates.size());
        removed.add(candidates.get(seed));
        candidates.set(seed, candidates.getLast());
        candidates.removeLast();
        while (removed.size() < q && !candidates.isEmpty()) {
            int reference = removed.get(random.nextInt(removed.size()));
            double[] score = new double[candidates.size()];
            Integer[] order = new Integer[candidates.size()];
            for (int k = 0; k < score.length; k++) {
                score[k] = relatedness(reference, candidates.get(k));
                order[k] = k;
            }
            Arrays.sort(order, (a, b) -> Double.compare(score[a], score[b]));
            int at = order[(int) (Math.pow(random.nextDouble(), 6) * order.length)];
            removed.add(candidates.get(at));
            candidates.set(at, candidates.getLast());
            candidates.removeLast();
        }
        for (int j : removed) {
            plan.remove(j);
        }
    }

    private double relatedness(int a, int b) {
        int pa = 2 * a;
        int pb = 2 * b;
        double distance =
                (m.distance(m.loc[pa], m.loc[pb]) + m.distance(m.loc[pa + 1], m.loc[pb + 1])) / scale.maxDistance();
        double time =
                (Math.abs(m.ready[pa] - m.ready[pb]) + Math.abs(m.ready[pa + 1] - m.ready[pb + 1])) / scale.horizon();
        return 9 * distance
                + 3 * time
                + 2
                        * Math.abs(m.demand[pa] - m.demand[pb])
                        / (double) Math.max(1, Math.max(m.demand[pa], m.demand[pb]));
    }

    /** Every removable job on the route of a random removable job. */
    private void wholeRoute(Plan plan, List<Integer> candidates) {
        int v = plan.vehicleOf[candidates.get(random.nextInt(candidates.size()))];
        for (int j : candidates) {
            if (plan.vehicleOf[j] == v) {
                plan.remove(j);
            }
        }
    }
}
