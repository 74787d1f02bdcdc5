package io.dispatch.planner;

/** What a solution is judged on. */
public enum Objective {
    /**
     * The literature's rule for Li & Lim's benchmark: time windows and capacities are hard; fewest vehicles first,
     * then least total distance.
     */
    FEWEST_VEHICLES,
    /**
     * Live dispatch (decisions.md section 15): riders are on shift anyway, so the plan minimises the total time until
     * every parcel is delivered, the seconds ridden, each parcel's wait for its drop-off, and lateness past the
     * windows' {@code due} (soft, weighted; {@link Schedules}, ADR 0057); a job is left unassigned only when no vehicle
     * has room for it. Capacities and ready times stay hard.
     */
    LEAST_TIME
}
