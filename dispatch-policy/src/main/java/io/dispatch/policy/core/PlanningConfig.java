package io.dispatch.policy.core;

/**
 * Settings of the route planner's use in the core (BATCHED, decisions.md §15).
 *
 * @param pickupServiceSeconds time a rider spends at a pickup (the scenario's pickupServiceSeconds)
 * @param dropoffServiceSeconds time a rider spends at a drop-off
 * @param replanSeconds a delivery whose planned times moved by less than this, with its stops in the same places,
 *     is not planned again (every plan is an event; a rider's route shifts a little all the time)
 * @param stopInProgressMeters a rider this close to the first stop of the route is at it: that stop stays first
 */
public record PlanningConfig(
        double pickupServiceSeconds, double dropoffServiceSeconds, double replanSeconds, double stopInProgressMeters) {

    public static PlanningConfig defaults() {
        return new PlanningConfig(120, 120, 60, 75);
    }
}
