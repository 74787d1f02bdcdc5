package io.dispatch.command.dispatch.domain;

import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * The commands of automatic dispatch (decisions.md §14): the engine's decisions, and the riders'
 * answers to them. The engine's carry the inputs of the decision, so the event explains it.
 */
public final class OfferCommands {

    private OfferCommands() {}

    /** Offer the delivery to one rider until {@code expiresAt}; the same offer id again changes nothing. */
    public record OfferToRider(
            @TargetAggregateIdentifier UUID dispatchId,
            UUID offerId,
            UUID riderId,
            Instant expiresAt,
            DecisionPolicy policy,
            List<DecisionCandidate> candidates,
            String rule) {}

    /**
     * Assign the best rider at once (AUTO_ASSIGN), or where the route planner inserted the delivery (BATCHED: {@code
     * plan} is where it sits on the rider's route; null otherwise).
     */
    public record AssignAutomatically(
            @TargetAggregateIdentifier UUID dispatchId,
            UUID riderId,
            DecisionPolicy policy,
            List<DecisionCandidate> candidates,
            String rule,
            PlannedStops plan) {

        public AssignAutomatically(
                UUID dispatchId, UUID riderId, DecisionPolicy policy, List<DecisionCandidate> candidates, String rule) {
            this(dispatchId, riderId, policy, candidates, rule, null);
        }
    }

    /** Nobody could be offered the delivery, for {@code reason} (a queue reason). */
    public record NoteNoRider(
            @TargetAggregateIdentifier UUID dispatchId,
            String reason,
            DecisionPolicy policy,
            List<DecisionCandidate> candidates) {}

    /** Close an open offer whose time ran out; an offer already closed is left alone. */
    public record ExpireOffer(@TargetAggregateIdentifier UUID dispatchId, UUID offerId) {}

    /** Close an open offer for the engine's {@code reason} (e.g. RIDER_OFF_SHIFT); a closed one is left alone. */
    public record WithdrawOffer(@TargetAggregateIdentifier UUID dispatchId, UUID offerId, String reason) {}

    public record AcceptOffer(@TargetAggregateIdentifier UUID dispatchId, UUID offerId, UUID riderId) {}

    public record DeclineOffer(@TargetAggregateIdentifier UUID dispatchId, UUID offerId, UUID riderId, String reason) {}

    /** The rider the engine assigned gives the delivery back (back to NEW, to the next rider). */
    public record GiveBack(@TargetAggregateIdentifier UUID dispatchId, UUID riderId, String reason) {}
}
