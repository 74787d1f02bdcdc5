package io.dispatch.events;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The engine found nobody to offer the delivery to: {@code reason} is the operator queue's
 * (NO_RIDER_IN_RADIUS, ALL_DECLINED, OFFERS_EXHAUSTED), with the candidates it had.
 */
public record NoRiderFound(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        String reason,
        DecisionPolicy policy,
        List<DecisionCandidate> candidates)
        implements DispatchDecisionEvent {

    public NoRiderFound {
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
    }

    @Override
    public UUID riderId() {
        return null;
    }
}
