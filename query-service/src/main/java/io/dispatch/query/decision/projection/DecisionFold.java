package io.dispatch.query.decision.projection;

import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPinEvent;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderUnassigned;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One event of a delivery into its dispatching state, its decision entry and its offer's row. A
 * rider's position and the PIN guard's events change nothing here, not even the sequence, so the
 * rows are the same however the log is cut into batches (the live polls and a rebuild's batches
 * differ). Every other event moves the sequence.
 */
final class DecisionFold {

    /** Where the fold puts what an event adds beside the state. */
    interface Changes {
        void decision(
                EventEnvelope envelope,
                String type,
                UUID riderId,
                UUID offerId,
                String reason,
                DecisionPolicy policy,
                List<DecisionCandidate> candidates);

        void offerMade(DispatchOffered offer);

        /** {@code status}: ACCEPTED, DECLINED, EXPIRED, WITHDRAWN or TAKEN. */
        void offerClosed(UUID offerId, String status, Instant closedAt);

        void outcome(DecisionOutcome outcome);
    }

    private DecisionFold() {}

    /** The state after {@code envelope}, whose sequence is above the state's. */
    static DispatchingState apply(DispatchingState state, EventEnvelope envelope, Changes changes) {
        if (envelope.event() instanceof RiderLocationUpdated || envelope.event() instanceof DeliveryPinEvent) {
            return state;
        }
        DispatchingState next = state.at(envelope.sequence());
        next = DispatchStatus.after(envelope.event()).map(next::status).orElse(next);
        Instant at = envelope.occurredAt();
        DispatchingState.Dispatching sofar = next.dispatching();
        DispatchingState.Milestones reached = next.milestones();
        DecisionPolicy current = sofar.decisionPolicy();
        switch (envelope.event()) {
            case DispatchOffered e -> {
                changes.decision(
                        envelope,
                        "OFFERED",
                        e.riderId(),
                        e.offerId(),
                        e.rule(),
                        or(e.policy(), current),
                        e.candidates());
                changes.offerMade(e);
                offer(changes, "made", at);
                return next.decided(e.policy(), sofar.offersMade() + 1, null, sofar.noRiderAt());
            }
            case OfferAccepted e -> answered(changes, envelope, "ACCEPTED", e.riderId(), e.offerId(), null, current);
            case OfferDeclined e ->
                answered(changes, envelope, "DECLINED", e.riderId(), e.offerId(), e.reason(), current);
            case OfferExpired e -> answered(changes, envelope, "EXPIRED", e.riderId(), e.offerId(), null, current);
            case OfferWithdrawn e -> {
                changes.decision(envelope, "WITHDRAWN", e.riderId(), e.offerId(), e.reason(), current, List.of());
                String status = OfferWithdrawn.TAKEN.equals(e.reason()) ? "TAKEN" : "WITHDRAWN";
                changes.offerClosed(e.offerId(), status, at);
                offer(changes, status.toLowerCase(java.util.Locale.ROOT), at);
            }
            case RiderAutoAssigned e -> {
                changes.decision(
                        envelope,
                        "AUTO_ASSIGNED",
                        e.riderId(),
                        null,
                        e.rule(),
                        or(e.policy(), current),
                        e.candidates());
                return next.decided(e.policy(), sofar.offersMade(), null, sofar.noRiderAt());
            }
            case DeliveryPlanned e ->
                changes.decision(
                        envelope,
                        "PLANNED",
                        e.riderId(),
                        null,
                        plannedReason(e),
                        or(e.policy(), current),
                        e.candidates());
            case NoRiderFound e -> {
                changes.decision(envelope, "NO_RIDER", null, null, e.reason(), or(e.policy(), current), e.candidates());
                if (sofar.noRiderAt() == null) {
                    changes.outcome(new DecisionOutcome(DecisionOutcome.Kind.NO_RIDER, e.reason(), null, at));
                }
                return next.decided(
                        e.policy(), sofar.offersMade(), e.reason(), sofar.noRiderAt() == null ? at : sofar.noRiderAt());
            }
            case RiderUnassigned e ->
                changes.decision(envelope, "DECLINED", e.riderId(), null, e.reason(), current, List.of());
            case RiderAssigned e -> {
                if (reached.firstAssignedAt() == null) {
                    changes.outcome(new DecisionOutcome(
                            DecisionOutcome.Kind.ASSIGNED,
                            null,
                            Duration.between(next.delivery().createdAt(), at),
                            at));
                    return next.reached(at, reached.pickedUpAt(), reached.deliveredAt());
                }
            }
            case DispatchPickedUp e -> {
                if (reached.pickedUpAt() == null) {
                    return next.reached(reached.firstAssignedAt(), at, reached.deliveredAt());
                }
            }
            case DispatchDelivered e -> {
                return next.reached(reached.firstAssignedAt(), reached.pickedUpAt(), at);
            }
            default -> {
                // the other transitions (departed, failed, cancelled) change only the status
            }
        }
        return next;
    }

    /** Why the delivery sits where it does on its rider's route, e.g. "INSERTED: stops 2 and 4 of 5, +312 s". */
    static String plannedReason(DeliveryPlanned e) {
        String stops = e.pickupStop() == null
                ? "stop " + e.dropoffStop()
                : "stops " + e.pickupStop() + " and " + e.dropoffStop();
        return e.reason() + ": " + stops + " of " + e.routeStops() + ", +" + e.addedSeconds() + " s";
    }

    private static void answered(
            Changes changes,
            EventEnvelope envelope,
            String status,
            UUID riderId,
            UUID offerId,
            String reason,
            DecisionPolicy policy) {
        changes.decision(envelope, status, riderId, offerId, reason, policy, List.of());
        changes.offerClosed(offerId, status, envelope.occurredAt());
        offer(changes, status.toLowerCase(java.util.Locale.ROOT), envelope.occurredAt());
    }

    private static void offer(Changes changes, String outcome, Instant at) {
        changes.outcome(new DecisionOutcome(DecisionOutcome.Kind.OFFER, outcome, null, at));
    }

    private static DecisionPolicy or(DecisionPolicy policy, DecisionPolicy current) {
        return policy == null ? current : policy;
    }
}
