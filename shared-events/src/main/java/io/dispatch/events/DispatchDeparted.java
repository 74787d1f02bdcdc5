package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** The rider left for the customer (PICKED_UP to IN_TRANSIT); on the wire {@code dispatch.en_route}. */
public record DispatchDeparted(UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID riderId)
        implements DispatchLifecycleEvent {}
