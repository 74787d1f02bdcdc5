package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** The rider declined the offer, with the reason the rider gave (or null); it is not offered to them again. */
public record OfferDeclined(
        UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID offerId, UUID riderId, String reason)
        implements DispatchDecisionEvent {}
