package io.dispatch.audit.domain;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A webhook notification of a delivery: as the dispatcher records it ({@code
 * webhook.notifications}, with the event it was made for) or as query-service shows it ({@code
 * query.webhook_attempts}, where {@code sourceEventId} and {@code sequence} are null).
 */
public record WebhookNotification(UUID id, UUID sourceEventId, Long sequence, State state) {

    /** What both records hold of a notification; the fields GET /dispatches/:id/webhooks shows. */
    public record State(
            UUID merchantId,
            String event,
            String status,
            int attemptCount,
            Integer lastHttpStatus,
            String lastError,
            Instant nextAttemptAt,
            Instant createdAt,
            Instant updatedAt) {

        /** The same state with its instants at the contract's millisecond precision. */
        public State atMillis() {
            return new State(
                    merchantId,
                    event,
                    status,
                    attemptCount,
                    lastHttpStatus,
                    lastError,
                    millis(nextAttemptAt),
                    millis(createdAt),
                    millis(updatedAt));
        }

        private static Instant millis(Instant instant) {
            return instant == null ? null : instant.truncatedTo(ChronoUnit.MILLIS);
        }
    }
}
