package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/**
 * The state of one webhook notification after it was created or attempted. Published by the
 * dispatcher onto the webhook-attempts topic; the envelope sequence is the notification's
 * revision, so a projection keeps the newest.
 */
public record WebhookAttemptRecorded(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        UUID notificationId,
        String event,
        NotificationStatus status,
        int attemptCount,
        Integer lastHttpStatus,
        String lastError,
        Instant nextAttemptAt,
        Instant createdAt)
        implements DispatchEvent {}
