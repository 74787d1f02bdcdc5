package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** The assigned rider moved; {@code recordedAt} is when the rider's device took the fix. */
public record RiderLocationUpdated(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        UUID riderId,
        double latitude,
        double longitude,
        Instant recordedAt)
        implements DispatchLifecycleEvent {}
