package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/**
 * Everything that happens to a delivery, as facts in the past tense. Each event names its
 * delivery, the owning merchant, when it happened (from an injected clock, never read inside
 * the event) and who caused it; the envelope lifts those four out beside {@code data}.
 */
public sealed interface DispatchEvent permits DispatchLifecycleEvent, WebhookAttemptRecorded {

    UUID dispatchId();

    UUID merchantId();

    Instant occurredAt();

    Actor actor();
}
