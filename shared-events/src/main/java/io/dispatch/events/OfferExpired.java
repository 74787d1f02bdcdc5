package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** The rider let the offer run out; it is not offered to them again. */
public record OfferExpired(
        UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID offerId, UUID riderId)
        implements DispatchDecisionEvent {}
