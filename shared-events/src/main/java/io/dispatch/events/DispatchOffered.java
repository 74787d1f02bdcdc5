package io.dispatch.events;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The engine offered the delivery to one rider until {@code expiresAt}, under {@code policy},
 * after ranking {@code candidates} by {@code rule}. The offer id is the engine's, derived from
 * its state, so the same decision made twice (two instances, or a restart) is refused as a
 * repeat.
 */
public record DispatchOffered(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        UUID offerId,
        UUID riderId,
        Instant expiresAt,
        DecisionPolicy policy,
        List<DecisionCandidate> candidates,
        String rule)
        implements DispatchDecisionEvent {

    public DispatchOffered {
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
    }
}
