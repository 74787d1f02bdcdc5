package io.dispatch.planner;

import java.util.List;

/**
 * What {@link Schedules#check} found on one route: the rules it breaks (empty when it breaks none; late stops under
 * {@link Objective#LEAST_TIME} are not broken rules but {@code lateness}), its distance, its duration (from the
 * vehicle's start time until the last stop is served, or until it reaches {@code end}), the summed lateness past the
 * windows' {@code due} (and past {@code endBy}), and its cost under the problem's objective (distance under {@link
 * Objective#FEWEST_VEHICLES}; duration plus the weighted driving, drop-off waits and lateness of {@link
 * Schedules} under {@link Objective#LEAST_TIME}).
 */
public record RouteCheck(List<String> violations, double distance, double duration, double lateness, double cost) {

    public RouteCheck {
        violations = List.copyOf(violations);
    }

    /** True when the route breaks no hard rule of its objective. */
    public boolean feasible() {
        return violations.isEmpty();
    }
}
