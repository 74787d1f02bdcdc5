package io.dispatch.policy.sim;

import java.util.List;

/**
 * What actually happened in the period a scenario was made from (log-report --scenario, decisions.md section 17): the
 * same figures as a simulated day's, computed from the log the same way, so that dispatch-sim --compare can put them
 * first, as the row {@code recorded}.
 *
 * @param source what was read, as log-report describes it
 * @param figures section 14's figures of the period; {@code wallSeconds} is 0
 * @param clickToDoorByHour the period's click-to-door per hour
 */
public record Recorded(String source, SimReport figures, List<HourFigures> clickToDoorByHour) {

    public Recorded {
        clickToDoorByHour = List.copyOf(clickToDoorByHour);
    }
}
