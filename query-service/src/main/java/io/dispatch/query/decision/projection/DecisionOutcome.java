package io.dispatch.query.decision.projection;

import java.time.Duration;
import java.time.Instant;

/**
 * Something the figures count, as the fold met it: the live projection hands these to the metrics
 * once its transaction has committed; a rebuild drops them (it replays the past, which was counted
 * when it happened).
 *
 * @param label the offer's outcome ({@code made}, {@code accepted}, {@code declined}, {@code
 *     expired}, {@code withdrawn}, {@code taken}) or the reason nobody was found
 * @param timeToAssign from creation to the first assignment, for {@link Kind#ASSIGNED}
 */
public record DecisionOutcome(Kind kind, String label, Duration timeToAssign, Instant occurredAt) {

    public enum Kind {
        CREATED,
        OFFER,
        ASSIGNED,
        NO_RIDER
    }
}
