package io.dispatch.policy.core;

/**
 * Settings of the route planner's use in the core (BATCHED, decisions.md §15).
 *
 * @param pickupServiceSeconds time a rider spends at a pickup (the scenario's pickupServiceSeconds)
 * @param dropoffServiceSeconds time a rider spends at a drop-off
 * @param replanSeconds a delivery whose planned times moved by less than this, with its stops in the same places,
 *     is not planned again (every plan is an event; a rider's route shifts a little all the time)
 * @param stopInProgressMeters a rider this close to the first stop of the route is at it: that stop stays first
 * @param moveBetweenRiders the background improvement may give a delivery that is not picked up, not a stop in
 *     progress and not an operator's to another rider of the zone, idle riders near it included (ADR 0061); without,
 *     each route is improved alone
 */
public record PlanningConfig(
        double pickupServiceSeconds,
        double dropoffServiceSeconds,
        double replanSeconds,
        double stopInProgressMeters,
        boolean moveBetweenRiders) {

    public static PlanningConfig defaults() {
        return new PlanningConfig(120, 120, 60, 75, true);
    }

    /** The same settings, with or without moves between riders. */
    public PlanningConfig withMovesBetweenRiders(boolean moves) {
        return new PlanningConfig(
                pickupServiceSeconds, dropoffServiceSeconds, replanSeconds, stopInProgressMeters, moves);
    }
}
