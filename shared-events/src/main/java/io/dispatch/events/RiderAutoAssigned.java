package io.dispatch.events;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The engine assigned the best rider at once (mode AUTO_ASSIGN); the {@link RiderAssigned} follows in the same append. */
public record RiderAutoAssigned(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        UUID riderId,
        DecisionPolicy policy,
        List<DecisionCandidate> candidates,
        String rule)
        implements DispatchDecisionEvent {

    public RiderAutoAssigned {
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
    }
}
