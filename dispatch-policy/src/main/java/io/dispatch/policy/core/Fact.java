package io.dispatch.policy.core;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * Something that happened, as the engine reads it back from the event log (or the simulator reports it). The core
 * changes its state only on facts: a decision it made counts once its fact comes back.
 */
public sealed interface Fact {

    Instant at();

    /**
     * A delivery became NEW. {@code pickup}, {@code dropoff}, {@code readyAt} and {@code dropoffDue} may be null (a
     * delivery without coordinates or targets). {@code policy} is the policy the delivery recorded when it was
     * created (decisions.md §14: it takes its pickup zone's policy then, and keeps it); null takes the zone's current
     * policy, as the simulator's days do. The route planner (BATCHED) plans with the drop-off and aims at {@code
     * dropoffDue} (the delivery's target, soft).
     */
    record DeliveryOpened(
            UUID dispatchId,
            Instant at,
            String zoneId,
            Point pickup,
            Instant readyAt,
            boolean sandbox,
            Policy policy,
            Point dropoff,
            Instant dropoffDue)
            implements Fact {
        public DeliveryOpened {
            Objects.requireNonNull(dispatchId, "dispatchId");
            Objects.requireNonNull(at, "at");
            zoneId = zoneId == null ? Policy.DEFAULT_ZONE : zoneId;
        }

        public DeliveryOpened(
                UUID dispatchId,
                Instant at,
                String zoneId,
                Point pickup,
                Instant readyAt,
                boolean sandbox,
                Policy policy) {
            this(dispatchId, at, zoneId, pickup, readyAt, sandbox, policy, null, null);
        }

        public DeliveryOpened(
                UUID dispatchId, Instant at, String zoneId, Point pickup, Instant readyAt, boolean sandbox) {
            this(dispatchId, at, zoneId, pickup, readyAt, sandbox, null, null, null);
        }
    }

    record OfferMade(UUID dispatchId, UUID offerId, UUID riderId, Instant expiresAt, Instant at) implements Fact {}

    record OfferEnded(UUID dispatchId, UUID offerId, UUID riderId, OfferOutcome outcome, Instant at) implements Fact {}

    /** A rider holds the delivery: accepted an offer, took it from the open list, auto-assigned, or an operator's. */
    record Assigned(UUID dispatchId, UUID riderId, boolean byOperator, Instant at) implements Fact {}

    /** An assigned rider gave the delivery back (declined after AUTO_ASSIGN): NEW again, that rider excluded. */
    record Unassigned(UUID dispatchId, UUID riderId, Instant at) implements Fact {}

    record PickedUp(UUID dispatchId, UUID riderId, Instant at) implements Fact {}

    /** Delivered, failed or cancelled: the delivery leaves the core and frees its rider. */
    record Ended(UUID dispatchId, Instant at) implements Fact {}

    record RiderShift(UUID riderId, boolean on, boolean sandbox, int maxActive, Instant at) implements Fact {}

    record RiderPosition(UUID riderId, Point position, Instant at) implements Fact {}

    /** Applies to deliveries opened afterwards: a delivery keeps the policy of its zone when it was created. */
    record PolicyChanged(Policy policy, Instant at) implements Fact {}

    record ZoneTravel(String zoneId, TravelModel model, Instant at) implements Fact {}

    /** The log recorded a {@link Decision.Plan} (or the plan of a {@link Decision.AutoAssign}). */
    record Planned(UUID dispatchId, UUID riderId, PlanSpot spot, Instant at) implements Fact {}

    /** The log recorded a {@link Decision.NoRider}; the core will not repeat it. */
    record NoRiderNoted(UUID dispatchId, QueueReason reason, Instant at) implements Fact {}
}
