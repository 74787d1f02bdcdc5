package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** The rider has the parcel (ASSIGNED to PICKED_UP). */
public record DispatchPickedUp(UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID riderId)
        implements DispatchLifecycleEvent {}
