package io.dispatch.policy.core;

import io.dispatch.planner.PlanProblem;
import io.dispatch.planner.PlanSolution;
import java.time.Instant;

/**
 * The routes of a zone's riders at {@code at} as the route planner's problem and current solution (decisions.md §15):
 * what the background improvement works on. Vehicle ids are rider ids and job ids delivery ids; times are seconds
 * after {@code at}. Every delivery a rider holds is pinned to that rider.
 */
public record RouteSnapshot(String zoneId, Instant at, PlanProblem problem, PlanSolution current) {}
