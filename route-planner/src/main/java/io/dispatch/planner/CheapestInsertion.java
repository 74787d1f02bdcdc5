package io.dispatch.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The planner's fast speed (decisions.md section 15): one new job into the current routes at the cheapest feasible
 * place, the other stops keeping their order. Empty when no vehicle can take it (capacity, or hard windows under
 * {@link Objective#FEWEST_VEHICLES}).
 *
 * <p>Cheapest means least added cost under the problem's objective (see {@link Inserted}); under {@link
 * Objective#FEWEST_VEHICLES} a vehicle already in use is always preferred to an unused one. A job pinned on or on
 * board a vehicle goes only to that vehicle (an on-board job by its drop-off only); nothing goes before a vehicle's
 * stop in progress. Ties go to the first vehicle of the problem, then the earliest position, so the result is
 * deterministic.
 */
public final class CheapestInsertion {

    private CheapestInsertion() {}

    /** {@code jobId} is one of {@code problem}'s jobs and on no route of {@code current}. */
    public static Optional<Inserted> insert(PlanProblem problem, PlanSolution current, String jobId) {
        Model model = new Model(problem, false);
        int job = model.job(jobId);
        Route[] routes = new Route[model.vehicleCount];
        for (PlannedRoute planned : current.routes()) {
            int v = model.vehicle(planned.vehicleId());
            List<StopRef> refs = new ArrayList<>(planned.stops().size());
            for (PlannedStop stop : planned.stops()) {
                if (stop.jobId().equals(jobId)) {
                    throw new IllegalArgumentException(jobId + " is already on the route of " + planned.vehicleId());
                }
                refs.add(new StopRef(stop.jobId(), stop.kind()));
            }
            routes[v] = Schedules.build(model, v, refs, new ArrayList<>());
        }
        Inserter inserter = new Inserter(model);
        int bestV = -1;
        int bestI = -1;
        int bestJ = -1;
        double best = Double.POSITIVE_INFINITY;
        boolean bestOpens = true;
        for (int v = 0; v < model.vehicleCount; v++) {
            if (!model.mayServe(v, job)) {
                continue;
            }
            Route r = routes[v];
            if (r == null) {
                r = new Route(model, v);
            }
            boolean opens = r.n == 0 && model.hard;
            if (opens && !bestOpens && bestV >= 0) {
                continue;
            }
            double cost = inserter.best(r, job);
            if (cost == Double.POSITIVE_INFINITY) {
                continue;
            }
            boolean better = bestV < 0 || (bestOpens && !opens) || (opens == bestOpens && cost < best);
            if (better) {
                best = cost;
                bestV = v;
                bestI = inserter.bestI;
                bestJ = inserter.bestJ;
                bestOpens = opens;
            }
        }
        if (bestV < 0) {
            return Optional.empty();
        }
        Route chosen = routes[bestV] != null ? routes[bestV] : new Route(model, bestV);
        if (bestI < 0) {
            chosen.insertAt(bestJ, 2 * job + 1);
            chosen.update();
        } else {
            chosen.insertPair(2 * job, bestI, 2 * job + 1, bestJ);
        }
        routes[bestV] = chosen;
        String chosenId = problem.vehicles().get(bestV).id();
        PlannedRoute timed = new PlannedRoute(chosenId, chosen.plannedStops());
        List<PlannedRoute> out = new ArrayList<>();
        boolean replaced = false;
        for (PlannedRoute planned : current.routes()) {
            if (planned.vehicleId().equals(chosenId)) {
                out.add(timed);
                replaced = true;
            } else {
                out.add(planned);
            }
        }
        if (!replaced) {
            out.add(timed);
        }
        List<String> unassigned = new ArrayList<>(current.unassigned());
        unassigned.remove(jobId);
        return Optional.of(new Inserted(new PlanSolution(out, unassigned), chosenId, best));
    }
}
