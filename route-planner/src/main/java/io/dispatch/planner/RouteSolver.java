package io.dispatch.planner;

/**
 * Improves routes: the planner's background speed (decisions.md section 15, every {@code
 * dispatch.plan.reoptimize-interval}) and {@code deploy/route-bench.sh}. It honours every {@link PlanVehicle}'s fixed
 * parts and never returns a solution worse than {@code start} under the problem's objective.
 */
public interface RouteSolver {

    /** {@code start} may be null (build from nothing) and may leave jobs unassigned. */
    PlanSolution solve(PlanProblem problem, PlanSolution start, SolveBudget budget);
}
