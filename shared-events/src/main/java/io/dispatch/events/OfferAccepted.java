package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** The rider accepted the offer; the {@link RiderAssigned} that makes the delivery theirs follows in the same append. */
public record OfferAccepted(
        UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID offerId, UUID riderId)
        implements DispatchDecisionEvent {}
