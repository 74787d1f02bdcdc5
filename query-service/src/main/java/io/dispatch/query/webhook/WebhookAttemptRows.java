package io.dispatch.query.webhook;

import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;

/** The webhook_attempts read table over R2DBC. */
@Repository
public class WebhookAttemptRows {

    private final DatabaseClient db;

    public WebhookAttemptRows(DatabaseClient queryDatabaseClient) {
        this.db = queryDatabaseClient;
    }

    /** A notification as GET /dispatches/:id/webhooks shows it. */
    public record Notification(
            UUID id,
            String event,
            String status,
            int attemptCount,
            Integer lastHttpStatus,
            String lastError,
            Instant nextAttemptAt,
            Instant createdAt,
            Instant updatedAt) {}

    /** A notification in the merchant's list of recent ones: with its delivery. */
    public record RecentNotification(
            UUID id,
            UUID dispatchId,
            String event,
            String status,
            int attemptCount,
            Integer lastHttpStatus,
            String lastError,
            Instant nextAttemptAt,
            Instant createdAt,
            Instant updatedAt) {

        /** As a delivery's own list shows it: without the delivery. */
        Notification withoutDispatch() {
            return new Notification(
                    id, event, status, attemptCount, lastHttpStatus, lastError, nextAttemptAt, createdAt, updatedAt);
        }
    }

    /** The columns {@link #mapped} reads. */
    private static final String COLUMNS = "notification_id, dispatch_id, event, status, attempt_count, "
            + "last_http_status, last_error, next_attempt_at, created_at, updated_at";

    /** The merchant's notifications across its deliveries, the most recently changed first. */
    public Flux<RecentNotification> recent(UUID merchantId, int limit) {
        return db.sql("""
            select %s
              from query.webhook_attempts where merchant_id = :merchant
             order by updated_at desc, notification_id desc limit :limit""".formatted(COLUMNS))
                .bind("merchant", merchantId)
                .bind("limit", limit)
                .map(WebhookAttemptRows::mapped)
                .all();
    }

    /** Oldest first, the newest 1,000 at most (a long ride adds a location notification every 20 s). */
    public Flux<Notification> of(UUID dispatchId, UUID merchantId) {
        return db.sql("""
            select * from (
              select %s
                from query.webhook_attempts where dispatch_id = :dispatch and merchant_id = :merchant
               order by created_at desc, notification_id desc limit 1000) newest
             order by created_at, notification_id""".formatted(COLUMNS))
                .bind("dispatch", dispatchId)
                .bind("merchant", merchantId)
                .map(row -> mapped(row).withoutDispatch())
                .all();
    }

    private static RecentNotification mapped(Readable row) {
        return new RecentNotification(
                row.get("notification_id", UUID.class),
                row.get("dispatch_id", UUID.class),
                row.get("event", String.class),
                row.get("status", String.class),
                row.get("attempt_count", Integer.class),
                row.get("last_http_status", Integer.class),
                row.get("last_error", String.class),
                row.get("next_attempt_at", Instant.class),
                row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
