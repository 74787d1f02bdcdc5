package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/**
 * An open offer closed without the rider's answer: {@code TAKEN} (another rider accepted),
 * {@code OPERATOR_ASSIGNED}, {@code CANCELLED} (the delivery ended) or the engine's reason, such
 * as {@code RIDER_OFF_SHIFT}.
 */
public record OfferWithdrawn(
        UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID offerId, UUID riderId, String reason)
        implements DispatchDecisionEvent {

    public static final String TAKEN = "TAKEN";
    public static final String OPERATOR_ASSIGNED = "OPERATOR_ASSIGNED";
    public static final String CANCELLED = "CANCELLED";
}
