package io.dispatch.planner;

import java.util.List;

/** A route per vehicle that has stops, and the jobs no vehicle could take. */
public record PlanSolution(List<PlannedRoute> routes, List<String> unassigned) {

    public PlanSolution {
        routes = List.copyOf(routes);
        unassigned = List.copyOf(unassigned);
    }
}
