package io.dispatch.planner;

import java.util.Optional;

/**
 * The planner's fast speed (decisions.md section 15): one new job into the current routes at the cheapest feasible
 * place, the other stops keeping their order. Empty when no vehicle can take it (capacity, or hard windows under
 * {@link Objective#FEWEST_VEHICLES}).
 */
public final class CheapestInsertion {

    private CheapestInsertion() {}

    /** {@code jobId} is one of {@code problem}'s jobs and on no route of {@code current}. */
    public static Optional<Inserted> insert(PlanProblem problem, PlanSolution current, String jobId) {
        throw new UnsupportedOperationException("not yet");
    }
}
