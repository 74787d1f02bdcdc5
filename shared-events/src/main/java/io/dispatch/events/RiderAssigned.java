package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** A rider took the delivery (NEW to ASSIGNED), or an operator reassigned it while ASSIGNED. */
public record RiderAssigned(
        UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID riderId, UUID previousRiderId)
        implements DispatchLifecycleEvent {}
