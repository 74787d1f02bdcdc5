package io.dispatch.planner;

import java.time.Duration;

/**
 * How long a solver may search: it stops at whichever of {@code time} and {@code iterations} comes first. {@code
 * seed} fixes its randomness; with an iteration budget only (time {@code null}) the same problem, start and seed give
 * the same solution, which the simulator relies on.
 */
public record SolveBudget(Duration time, long iterations, long seed) {}
