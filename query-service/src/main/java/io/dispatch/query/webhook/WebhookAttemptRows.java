package io.dispatch.query.webhook;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.WebhookAttemptRecorded;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The webhook_attempts read table over R2DBC. */
@Repository
public class WebhookAttemptRows {

  private final DatabaseClient db;

  public WebhookAttemptRows(DatabaseClient queryDatabaseClient) {
    this.db = queryDatabaseClient;
  }

  /** A notification as GET /dispatches/:id/webhooks shows it. */
  public record Notification(
      UUID id, String event, String status, int attemptCount, Integer lastHttpStatus, String lastError,
      Instant nextAttemptAt, Instant createdAt, Instant updatedAt) {}

  /** Inserts or, when the report is newer than the row (higher revision), replaces. */
  public Mono<Void> upsert(EventEnvelope envelope, WebhookAttemptRecorded attempt) {
    var spec = db.sql("""
            insert into query.webhook_attempts
              (notification_id, dispatch_id, merchant_id, event, status, attempt_count, last_http_status,
               last_error, next_attempt_at, created_at, updated_at, revision)
            values (:id, :dispatch, :merchant, :event, :status, :attempts, :http, :error, :next, :created,
                    :updated, :revision)
            on conflict (notification_id) do update set
              status = excluded.status, attempt_count = excluded.attempt_count,
              last_http_status = excluded.last_http_status, last_error = excluded.last_error,
              next_attempt_at = excluded.next_attempt_at, updated_at = excluded.updated_at,
              revision = excluded.revision
            where query.webhook_attempts.revision < excluded.revision""")
        .bind("id", attempt.notificationId())
        .bind("dispatch", attempt.dispatchId())
        .bind("merchant", attempt.merchantId())
        .bind("event", attempt.event())
        .bind("status", attempt.status().name())
        .bind("attempts", attempt.attemptCount())
        .bind("created", attempt.createdAt())
        .bind("updated", attempt.occurredAt())
        .bind("revision", envelope.sequence());
    spec = attempt.lastHttpStatus() == null ? spec.bindNull("http", Integer.class) : spec.bind("http", attempt.lastHttpStatus());
    spec = attempt.lastError() == null ? spec.bindNull("error", String.class) : spec.bind("error", attempt.lastError());
    spec = attempt.nextAttemptAt() == null ? spec.bindNull("next", Instant.class) : spec.bind("next", attempt.nextAttemptAt());
    return spec.then();
  }

  /** Oldest first, the newest 1,000 at most (a long ride adds a location notification every 20 s). */
  public Flux<Notification> of(UUID dispatchId, UUID merchantId) {
    return db.sql("""
            select * from (
              select notification_id, event, status, attempt_count, last_http_status, last_error, next_attempt_at,
                     created_at, updated_at
                from query.webhook_attempts where dispatch_id = :dispatch and merchant_id = :merchant
               order by created_at desc, notification_id desc limit 1000) newest
             order by created_at, notification_id""")
        .bind("dispatch", dispatchId)
        .bind("merchant", merchantId)
        .map(row -> new Notification(
            row.get("notification_id", UUID.class), row.get("event", String.class), row.get("status", String.class),
            row.get("attempt_count", Integer.class), row.get("last_http_status", Integer.class),
            row.get("last_error", String.class), row.get("next_attempt_at", Instant.class),
            row.get("created_at", Instant.class), row.get("updated_at", Instant.class)))
        .all();
  }
}
