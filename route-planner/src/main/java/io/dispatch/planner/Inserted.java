package io.dispatch.planner;

/**
 * A job placed into live routes: the whole solution after it, the vehicle that takes it, and what it added under the
 * problem's objective (seconds of route time, driving, drop-off waits and weighted lateness under {@link
 * Objective#LEAST_TIME}).
 */
public record Inserted(PlanSolution solution, String vehicleId, double addedCost) {}
