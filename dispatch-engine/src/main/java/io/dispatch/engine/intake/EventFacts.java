package io.dispatch.engine.intake;

import io.dispatch.events.ActorType;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Stop;
import io.dispatch.policy.core.Fact;
import io.dispatch.policy.core.OfferOutcome;
import io.dispatch.policy.core.PlanSpot;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import io.dispatch.policy.core.QueueReason;
import java.util.List;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * The facts the core learns from a delivery's events. A creation opens the delivery under the
 * policy version it recorded, whatever the zone's policy is now; the engine's decisions come back as offers made and ended; the lifecycle
 * tells who holds it and when it ends. Everything else (locations, PIN guards) is not the
 * dispatcher's business.
 */
public final class EventFacts {

    private final Predicate<UUID> sandboxMerchant;
    private final BiFunction<String, Long, Policy> policies;

    /**
     * {@code sandboxMerchant} says whether a merchant is on the sandbox side of the line; {@code
     * policies} finds a zone's policy by version.
     */
    public EventFacts(Predicate<UUID> sandboxMerchant, BiFunction<String, Long, Policy> policies) {
        this.sandboxMerchant = sandboxMerchant;
        this.policies = policies;
    }

    /** The policy a creation recorded; before policies existed, zone {@code default} at version 0 (MANUAL). */
    private Policy recordedPolicy(DispatchCreated created) {
        DecisionPolicy recorded = created.dispatchPolicy();
        return recorded == null
                ? Policy.defaults(Policy.DEFAULT_ZONE)
                : policies.apply(recorded.zoneId(), recorded.version());
    }

    public List<Fact> of(EventEnvelope envelope) {
        UUID id = envelope.dispatchId();
        return switch (envelope.event()) {
            case DispatchCreated e ->
                List.of(new Fact.DeliveryOpened(
                        id,
                        e.occurredAt(),
                        e.zoneId(),
                        point(e.order().pickup()),
                        null,
                        sandboxMerchant.test(e.merchantId()),
                        recordedPolicy(e),
                        point(e.order().dropoff()),
                        e.order().targetDeliveryAt()));
            case DispatchOffered e ->
                List.of(new Fact.OfferMade(id, e.offerId(), e.riderId(), e.expiresAt(), e.occurredAt()));
            case OfferAccepted e -> ended(id, e.offerId(), e.riderId(), OfferOutcome.ACCEPTED, envelope);
            case OfferDeclined e -> ended(id, e.offerId(), e.riderId(), OfferOutcome.DECLINED, envelope);
            case OfferExpired e -> ended(id, e.offerId(), e.riderId(), OfferOutcome.EXPIRED, envelope);
            case OfferWithdrawn e
            when OfferWithdrawn.CANCELLED.equals(e.reason()) ->
                // the delivery is ending (its failure or cancellation follows in the same append): end it
                // first, so that the rider this frees is not offered it again meanwhile
                List.of(
                        new Fact.Ended(id, e.occurredAt()),
                        new Fact.OfferEnded(id, e.offerId(), e.riderId(), OfferOutcome.WITHDRAWN, e.occurredAt()));
            case OfferWithdrawn e ->
                ended(
                        id,
                        e.offerId(),
                        e.riderId(),
                        OfferWithdrawn.TAKEN.equals(e.reason()) ? OfferOutcome.TAKEN : OfferOutcome.WITHDRAWN,
                        envelope);
            case NoRiderFound e -> List.of(new Fact.NoRiderNoted(id, QueueReason.valueOf(e.reason()), e.occurredAt()));
            case RiderAssigned e ->
                List.of(new Fact.Assigned(
                        id, e.riderId(), e.actor() != null && e.actor().type() == ActorType.OPERATOR, e.occurredAt()));
            case RiderUnassigned e -> List.of(new Fact.Unassigned(id, e.riderId(), e.occurredAt()));
            case DeliveryPlanned e ->
                List.of(new Fact.Planned(
                        id,
                        e.riderId(),
                        new PlanSpot(
                                e.estimatedPickupAt(),
                                e.estimatedDeliveryAt(),
                                e.reason(),
                                e.pickupStop(),
                                e.dropoffStop(),
                                e.routeStops(),
                                e.addedSeconds()),
                        e.occurredAt()));
            case DispatchPickedUp e -> List.of(new Fact.PickedUp(id, e.riderId(), e.occurredAt()));
            case DispatchDelivered e -> List.of(new Fact.Ended(id, e.occurredAt()));
            case DispatchFailed e -> List.of(new Fact.Ended(id, e.occurredAt()));
            case DispatchCancelled e -> List.of(new Fact.Ended(id, e.occurredAt()));
            default -> List.of();
        };
    }

    private static List<Fact> ended(UUID id, UUID offerId, UUID riderId, OfferOutcome outcome, EventEnvelope envelope) {
        return List.of(new Fact.OfferEnded(id, offerId, riderId, outcome, envelope.occurredAt()));
    }

    private static Point point(Stop stop) {
        return stop == null || stop.lat() == null || stop.lng() == null ? null : new Point(stop.lat(), stop.lng());
    }
}
