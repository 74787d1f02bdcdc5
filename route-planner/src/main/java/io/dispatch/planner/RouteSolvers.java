package io.dispatch.planner;

/** The planner's solver as the engine and the simulator use it (ADR 0041 chooses it). */
public final class RouteSolvers {

    private RouteSolvers() {}

    /** The solver of record; until one is chosen, the start solution as it is. */
    public static RouteSolver standard() {
        return (problem, start, budget) -> start == null ? new PlanSolution(java.util.List.of(), java.util.List.of()) : start;
    }
}
