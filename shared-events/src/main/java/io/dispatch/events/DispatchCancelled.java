package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** Called off by the merchant while NEW; reason is optional free text. */
public record DispatchCancelled(UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, String reason)
        implements DispatchLifecycleEvent {}
