package io.dispatch.planner;

import java.util.ArrayList;
import java.util.List;

/**
 * The plan a solve starts from: the given solution's routes (a route that breaks a rule, names an unknown job or
 * repeats a job already placed is left empty), then each vehicle's fixed first stop put at the head of its route.
 */
final class StartingPlan {

    private StartingPlan() {}

    static Plan of(Model m, PlanSolution start) {
        Plan plan = new Plan(m);
        if (start != null) {
            for (PlannedRoute planned : start.routes()) {
                Integer v = m.vehicleIndex.get(planned.vehicleId());
                if (v != null) {
                    take(m, plan, v, planned);
                }
            }
        }
        for (int v = 0; v < m.vehicleCount; v++) {
            placeFirstStop(m, plan, v);
        }
        return plan;
    }

    private static void take(Model m, Plan plan, int v, PlannedRoute planned) {
        List<StopRef> refs = new ArrayList<>();
        boolean known = true;
        for (PlannedStop stop : planned.stops()) {
            known &= m.jobIndex.containsKey(stop.jobId());
            refs.add(new StopRef(stop.jobId(), stop.kind()));
        }
        if (!known) {
            return;
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

    /** Vehicle {@code v}'s fixed first stop (its stop in progress) at the head of its route, taken from any other. */
    private static void placeFirstStop(Model m, Plan plan, int v) {
        int first = m.vFirstNode[v];
        if (first < 0) {
            return;
        }
        Route r = plan.routes[v];
        if (r.n > 0 && r.nodes[0] == first) {
            return;
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
}
