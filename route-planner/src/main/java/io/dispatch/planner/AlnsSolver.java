package io.dispatch.planner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The planner's {@link RouteSolver}: adaptive large neighbourhood search for pickup and delivery with time windows
 * (Ropke &amp; Pisinger 2006): remove some jobs (random, worst, related, a whole route), put them back by greedy or
 * regret insertion (the {@link Inserter} that {@link CheapestInsertion} uses), keep the result by simulated
 * annealing, and favour the operators that pay. Under {@link Objective#FEWEST_VEHICLES} a first phase (up to {@link
 * #VEHICLE_SHARE} of the budget) empties one route at a time: its jobs go to a bank that the search must place on the
 * other routes; each success is a vehicle less. The second phase shortens the routes of the best solution.
 *
 * <p>Chosen over jsprit 1.8 and OR-Tools 9.14 on Li &amp; Lim's instances by the benchmark (docs/adr/0041). Fixed parts
 * stay fixed: the job of a stop in progress is never taken off its route, on-board and pinned jobs go back only to
 * their vehicle. With an iteration budget only, the same problem, start and seed give the same solution; the result is
 * never worse than {@code start} by {@link Schedules#score}.
 */
public final class AlnsSolver implements RouteSolver {

    /** Share of the budget that the vehicle phase may use under {@link Objective#FEWEST_VEHICLES}. */
    public static final double VEHICLE_SHARE = 0.5;

    @Override
    public PlanSolution solve(PlanProblem problem, PlanSolution start, SolveBudget budget) {
        Model model = new Model(problem, true);
        Search search = new Search(model, budget);
        Plan plan = search.run(start);
        PlanSolution found = plan.toSolution();
        if (start != null) {
            Score given = Schedules.score(problem, start);
            if (!Schedules.score(problem, found).betterThan(given) && given.violations() == 0) {
                return start;
            }
        }
        return found;
    }

    /** One solve's state; not shared between threads. */
    static final class Search {

        private static final double NOISE = 0.025;
        private static final int SEGMENT = 100;
        private static final double REACTION = 0.1;
        private static final int STALL = 3000;

        private final Model m;
        private final SplittableRandom random;
        private final Inserter inserter;
        private final long maxIterations;
        private final long startNanos;
        private final long deadlineNanos;
        private final boolean timed;
        private final double big;
        private final double maxDistance;
        private final double horizon;
        private final boolean[] allowed;
        private long iterations;
        private final Route scratch;

        private final double[] destroyWeight = {1, 1, 1, 1};
        private final double[] destroyScore = new double[4];
        private final int[] destroyUses = new int[4];
        private final double[] repairWeight = {1, 1, 1};
        private final double[] repairScore = new double[3];
        private final int[] repairUses = new int[3];

        Search(Model m, SolveBudget budget) {
            this.m = m;
            this.random = new SplittableRandom(budget.seed());
            this.inserter = new Inserter(m);
            this.maxIterations = budget.iterations();
            this.startNanos = System.nanoTime();
            this.timed = budget.time() != null;
            this.deadlineNanos = timed ? startNanos + budget.time().toNanos() : Long.MAX_VALUE;
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
            this.maxDistance = Math.max(max, 1e-9);
            this.horizon = Math.max(latest, 1);
            // an unassigned job or an extra vehicle outweighs any distance the solution could save
            this.big = 1e3 * (legs + maxDistance + 1) + 1e6;
            this.allowed = new boolean[m.vehicleCount];
            this.scratch = new Route(m, 0);
        }

        double progress() {
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

        Plan run(PlanSolution start) {
            Plan plan = initial(start);
            Arrays.fill(allowed, true);
            repair(plan, unassignedJobs(plan), 1, false);
            if (m.hard) {
                plan = vehiclePhase(plan);
                for (int v = 0; v < m.vehicleCount; v++) {
                    allowed[v] = plan.routes[v].n > 0;
                }
            } else {
                Arrays.fill(allowed, true);
            }
            return search(plan, 1.0, false);
        }

        /** The start's routes (a route that breaks a rule is emptied to its fixed part), the fixed stops placed. */
        private Plan initial(PlanSolution start) {
            Plan plan = new Plan(m);
            if (start != null) {
                for (PlannedRoute planned : start.routes()) {
                    Integer v = m.vehicleIndex.get(planned.vehicleId());
                    if (v == null) {
                        continue;
                    }
                    List<StopRef> refs = new ArrayList<>();
                    boolean known = true;
                    for (PlannedStop stop : planned.stops()) {
                        known &= m.jobIndex.containsKey(stop.jobId());
                        refs.add(new StopRef(stop.jobId(), stop.kind()));
                    }
                    if (!known) {
                        continue;
                    }
                    List<String> violations = new ArrayList<>();
                    Route built = Schedules.build(m, v, refs, violations);
                    boolean taken = false;
                    for (int k = 0; k < built.n; k++) {
                        taken |= plan.vehicleOf[built.nodes[k] >> 1] >= 0;
                    }
                    if (violations.isEmpty() && !taken) {
                        plan.routes[v].copyFrom(built);
                        for (int k = 0; k < built.n; k++) {
                            plan.vehicleOf[built.nodes[k] >> 1] = v;
                        }
                    }
                }
            }
            for (int v = 0; v < m.vehicleCount; v++) {
                int first = m.vFirstNode[v];
                if (first < 0) {
                    continue;
                }
                Route r = plan.routes[v];
                if (r.n > 0 && r.nodes[0] == first) {
                    continue;
                }
                int job = first >> 1;
                plan.remove(job);
                r.insertAt(0, first);
                if ((first & 1) == 0) {
                    r.insertAt(1, first + 1);
                }
                r.update();
                plan.vehicleOf[job] = v;
            }
            return plan;
        }

        private List<Integer> unassignedJobs(Plan plan) {
            List<Integer> jobs = new ArrayList<>();
            for (int j = 0; j < m.jobCount; j++) {
                if (plan.vehicleOf[j] < 0) {
                    jobs.add(j);
                }
            }
            return jobs;
        }

        /** The objective as one number for the annealing: unassigned jobs and (FEWEST_VEHICLES) vehicles are big. */
        private double scalar(Plan plan) {
            return plan.cost() + big * plan.unassigned() + (m.hard ? big * plan.vehicles() : 0);
        }

        /** Empties routes one at a time while the budget's vehicle share lasts; returns the best complete plan. */
        private Plan vehiclePhase(Plan best) {
            int attempt = 0;
            while (progress() < VEHICLE_SHARE && best.unassigned() == 0 && best.vehicles() > 1) {
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
                Plan found = search(trial, VEHICLE_SHARE, true);
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

        /**
         * The ALNS loop from {@code start} until the budget's progress reaches {@code until}; in {@code bank} mode
         * (the vehicle phase) it returns as soon as no job is left unassigned, or after {@link #STALL} iterations
         * without fewer unassigned jobs.
         */
        private Plan search(Plan start, double until, boolean bank) {
            Plan current = new Plan(start);
            Plan best = new Plan(start);
            Plan work = new Plan(start);
            double from = progress();
            double t0 = 0.01 * Math.max(start.cost(), 1e-9) / Math.log(2);
            double tEnd = t0 / 500;
            double currentValue = scalar(current);
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
                double p = progress();
                if (p >= until || qMax == 0) {
                    break;
                }
                if (bank && (best.unassigned() == 0 || stall > STALL)) {
                    break;
                }
                iterations++;
                double phase = until > from ? (p - from) / (until - from) : 1;
                double temperature = t0 * Math.pow(tEnd / t0, Math.min(1, Math.max(0, phase)));
                work.copyFrom(current);
                int d = pick(destroyWeight);
                int rep = pick(repairWeight);
                int q = qMin + random.nextInt(qMax - qMin + 1);
                destroy(work, d, q);
                repair(work, unassignedJobs(work), rep == 0 ? 1 : rep + 1, random.nextBoolean());
                double value = scalar(work);
                double gain = 0;
                if (value < bestValue - 1e-9) {
                    gain = 33;
                } else if (value < currentValue - 1e-9) {
                    gain = 9;
                }
                boolean accept = value < currentValue - 1e-9
                        || (value > currentValue + 1e-9
                                && random.nextDouble() < Math.exp((currentValue - value) / temperature));
                if (accept && gain == 0) {
                    gain = 13;
                }
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
                destroyScore[d] += gain;
                destroyUses[d]++;
                repairScore[rep] += gain;
                repairUses[rep]++;
                if (iterations % SEGMENT == 0) {
                    adapt(destroyWeight, destroyScore, destroyUses);
                    adapt(repairWeight, repairScore, repairUses);
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

        private void adapt(double[] weight, double[] score, int[] uses) {
            for (int k = 0; k < weight.length; k++) {
                if (uses[k] > 0) {
                    weight[k] = weight[k] * (1 - REACTION) + REACTION * score[k] / uses[k];
                }
                weight[k] = Math.max(weight[k], 0.05);
                score[k] = 0;
                uses[k] = 0;
            }
        }

        private int pick(double[] weight) {
            double sum = 0;
            for (double w : weight) {
                sum += w;
            }
            double r = random.nextDouble() * sum;
            for (int k = 0; k < weight.length; k++) {
                r -= weight[k];
                if (r < 0) {
                    return k;
                }
            }
            return weight.length - 1;
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

        private void destroy(Plan plan, int operator, int q) {
            List<Integer> candidates = removableJobs(plan);
            if (candidates.isEmpty()) {
                return;
            }
            q = Math.min(q, candidates.size());
            switch (operator) {
                case 0 -> {
                    for (int k = 0; k < q; k++) {
                        int at = random.nextInt(candidates.size());
                        plan.remove(candidates.get(at));
                        candidates.set(at, candidates.getLast());
                        candidates.removeLast();
                    }
                }
                case 1 -> worst(plan, candidates, q);
                case 2 -> related(plan, candidates, q);
                default -> {
                    int v = plan.vehicleOf[candidates.get(random.nextInt(candidates.size()))];
                    for (int j : candidates) {
                        if (plan.vehicleOf[j] == v) {
                            plan.remove(j);
                        }
                    }
                }
            }
        }

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

        private double relatedness(int a, int b) {
            int pa = 2 * a;
            int pb = 2 * b;
            double distance =
                    (m.distance(m.loc[pa], m.loc[pb]) + m.distance(m.loc[pa + 1], m.loc[pb + 1])) / maxDistance;
            double time = (Math.abs(m.ready[pa] - m.ready[pb]) + Math.abs(m.ready[pa + 1] - m.ready[pb + 1])) / horizon;
            return 9 * distance
                    + 3 * time
                    + 2
                            * Math.abs(m.demand[pa] - m.demand[pb])
                            / (double) Math.max(1, Math.max(m.demand[pa], m.demand[pb]));
        }

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

        /**
         * Inserts {@code pool}'s jobs on the allowed vehicles, regret-{@code k} (1: cheapest first); a job no route
         * can take stays unassigned. Under FEWEST_VEHICLES opening an empty route costs {@code big}.
         */
        void repair(Plan plan, List<Integer> pool, int k, boolean noise) {
            int count = pool.size();
            if (count == 0) {
                return;
            }
            int vehicles = m.vehicleCount;
            double[][] cost = new double[count][vehicles];
            int[][] posI = new int[count][vehicles];
            int[][] posJ = new int[count][vehicles];
            boolean[] done = new boolean[count];
            // identical empty vehicles (same start, end, times, capacity) need only one evaluation
            for (int v = 0; v < vehicles; v++) {
                evaluate(plan, pool, v, cost, posI, posJ, done, noise);
            }
            for (int left = count; left > 0; left--) {
                int chosen = -1;
                int chosenFeasible = 0;
                double chosenRegret = 0;
                double chosenBest = 0;
                int chosenVehicle = -1;
                for (int a = 0; a < count; a++) {
                    if (done[a]) {
                        continue;
                    }
                    double c1 = Double.POSITIVE_INFINITY;
                    double c2 = Double.POSITIVE_INFINITY;
                    double c3 = Double.POSITIVE_INFINITY;
                    int v1 = -1;
                    int feasible = 0;
                    for (int v = 0; v < vehicles; v++) {
                        double c = cost[a][v];
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
                    if (feasible == 0) {
                        continue;
                    }
                    double regret = 0;
                    if (k >= 2) {
                        regret += c2 == Double.POSITIVE_INFINITY ? 0 : c2 - c1;
                    }
                    if (k >= 3) {
                        regret += c3 == Double.POSITIVE_INFINITY ? 0 : c3 - c1;
                    }
                    boolean better;
                    if (chosen < 0) {
                        better = true;
                    } else if (k == 1) {
                        better = c1 < chosenBest;
                    } else {
                        int few = Math.min(feasible, k);
                        int chosenFew = Math.min(chosenFeasible, k);
                        better = few < chosenFew
                                || (few == chosenFew
                                        && (regret > chosenRegret || (regret == chosenRegret && c1 < chosenBest)));
                    }
                    if (better) {
                        chosen = a;
                        chosenFeasible = feasible;
                        chosenRegret = regret;
                        chosenBest = c1;
                        chosenVehicle = v1;
                    }
                }
                if (chosen < 0) {
                    return;
                }
                plan.insert(pool.get(chosen), chosenVehicle, posI[chosen][chosenVehicle], posJ[chosen][chosenVehicle]);
                done[chosen] = true;
                evaluate(plan, pool, chosenVehicle, cost, posI, posJ, done, noise);
            }
        }

        private void evaluate(
                Plan plan,
                List<Integer> pool,
                int v,
                double[][] cost,
                int[][] posI,
                int[][] posJ,
                boolean[] done,
                boolean noise) {
            Route r = plan.routes[v];
            boolean open = allowed[v];
            double opening = m.hard && r.n == 0 ? big : 0;
            for (int a = 0; a < pool.size(); a++) {
                if (done[a]) {
                    continue;
                }
                double c = open ? inserter.best(r, pool.get(a)) : Double.POSITIVE_INFINITY;
                if (c != Double.POSITIVE_INFINITY) {
                    posI[a][v] = inserter.bestI;
                    posJ[a][v] = inserter.bestJ;
                    if (noise) {
                        c = Math.max(0, c + (2 * random.nextDouble() - 1) * NOISE * maxDistance);
                    }
                    c += opening;
                }
                cost[a][v] = c;
            }
        }
    }
}
