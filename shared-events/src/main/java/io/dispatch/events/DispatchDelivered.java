package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** Handed over (IN_TRANSIT to DELIVERED), with proof of delivery. */
public record DispatchDelivered(
        UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID riderId, ProofOfDelivery proof)
        implements DispatchLifecycleEvent {}
