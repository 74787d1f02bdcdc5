package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/**
 * The rider the engine assigned declined (ASSIGNED back to NEW, decisions.md §14). Merchants are
 * notified ({@code dispatch.unassigned}, status NEW); the engine offers the delivery to the next
 * rider and never to this one again.
 */
public record RiderUnassigned(
        UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID riderId, String reason)
        implements DispatchLifecycleEvent {}
