package io.dispatch.planner;

/**
 * When service at a stop may start, in seconds on the problem's clock. A vehicle that arrives before {@code ready}
 * waits; one that would start after {@code due} breaks the window (forbidden under {@link Objective#FEWEST_VEHICLES},
 * paid as lateness under {@link Objective#LEAST_TIME}).
 */
public record TimeWindow(double ready, double due) {

    public static final TimeWindow ANY = new TimeWindow(0, Double.POSITIVE_INFINITY);

    public TimeWindow {
        if (!(ready <= due)) {
            throw new IllegalArgumentException("ready must not be after due: " + ready + " > " + due);
        }
    }
}
