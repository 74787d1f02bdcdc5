package io.dispatch.policy.core;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What the core wants done. Nothing happens until the caller carries it out and the resulting fact comes back; until
 * then the delivery and rider are pending (not decided twice) for {@link CoreConfig#pendingTimeout()}.
 */
public sealed interface Decision {

    UUID dispatchId();

    /** Offer the delivery to one rider until {@code expiresAt}; {@code offerId} is deterministic (OfferIds). */
    record Offer(
            UUID dispatchId,
            UUID offerId,
            UUID riderId,
            Instant expiresAt,
            PolicyRef policy,
            List<Candidate> candidates,
            String rule)
            implements Decision {
        public Offer {
            candidates = List.copyOf(candidates);
        }
    }

    /**
     * Assign the rider at once (AUTO_ASSIGN, or BATCHED with {@code plan}: where the route planner inserted it); the
     * rider may still decline, which comes back as Unassigned.
     */
    record AutoAssign(
            UUID dispatchId, UUID riderId, PolicyRef policy, List<Candidate> candidates, String rule, PlanSpot plan)
            implements Decision {
        public AutoAssign {
            candidates = List.copyOf(candidates);
        }

        public AutoAssign(UUID dispatchId, UUID riderId, PolicyRef policy, List<Candidate> candidates, String rule) {
            this(dispatchId, riderId, policy, candidates, rule, null);
        }
    }

    /** BATCHED: the route of the rider who holds the delivery changed; it now sits at {@code spot}. */
    record Plan(UUID dispatchId, UUID riderId, PolicyRef policy, PlanSpot spot) implements Decision {}

    /**
     * BATCHED's improvement gives a delivery that is not picked up from {@code fromRiderId}'s route to {@code riderId}'s,
     * at {@code spot} (decisions.md §15: only picked-up parcels, stops in progress and operator assignments stay; ADR
     * 0061); {@code rule} says why, for the decisions route.
     */
    record Reassign(UUID dispatchId, UUID fromRiderId, UUID riderId, PolicyRef policy, PlanSpot spot, String rule)
            implements Decision {}

    /** The offer's expiresAt has passed: end it as EXPIRED. */
    record Expire(UUID dispatchId, UUID offerId, UUID riderId) implements Decision {}

    /** End an open offer for the core's own reason (the rider went off shift). */
    record Withdraw(UUID dispatchId, UUID offerId, UUID riderId, String reason) implements Decision {}

    /** Nobody can be offered the delivery now; it waits in the operator's queue with this reason. */
    record NoRider(UUID dispatchId, QueueReason reason, PolicyRef policy, List<Candidate> candidates)
            implements Decision {
        public NoRider {
            candidates = List.copyOf(candidates);
        }
    }
}
