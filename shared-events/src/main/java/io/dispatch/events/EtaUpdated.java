package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/**
 * The plan moved the delivery's estimates by more than five minutes from those the merchant was last told
 * (decisions.md §15): merchants receive {@code dispatch.eta_updated} with the lifecycle payload, status unchanged. At
 * most one per delivery per five minutes (the aggregate's rule); no status history entry.
 */
public record EtaUpdated(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        Instant estimatedPickupAt,
        Instant estimatedDeliveryAt)
        implements DispatchLifecycleEvent {}
