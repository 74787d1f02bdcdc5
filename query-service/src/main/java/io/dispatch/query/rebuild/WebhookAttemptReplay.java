package io.dispatch.query.rebuild;

import io.dispatch.query.dispatch.SqlArrays;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.query.webhook.WebhookAttemptProjection;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * webhook-attempts into webhook_attempts, a batch at a time: per notification the report with
 * the highest revision (the first of equals, as the live projection keeps), in one upsert that
 * never replaces a row with an older revision.
 */
final class WebhookAttemptReplay implements ReplayedProjection {

  @Override
  public String topic() {
    return Topics.WEBHOOK_ATTEMPTS.name();
  }

  @Override
  public List<String> tables() {
    return List.of("webhook_attempts");
  }

  @Override
  public Map<Integer, Long> livePositions(Connection connection) throws SQLException {
    return LivePositions.of(connection, WebhookAttemptProjection.NAME, topic());
  }

  @Override
  public void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records,
      Skips skips) throws SQLException {
    Map<UUID, EventEnvelope> newest = new LinkedHashMap<>();
    for (EventEnvelope envelope : Decoded.envelopes(records, skips)) {
      if (envelope.event() instanceof WebhookAttemptRecorded attempt) {
        newest.merge(attempt.notificationId(), envelope,
            (kept, later) -> later.sequence() > kept.sequence() ? later : kept);
      }
    }
    SqlArrays rows = new SqlArrays(12);
    for (EventEnvelope envelope : newest.values()) {
      WebhookAttemptRecorded attempt = (WebhookAttemptRecorded) envelope.event();
      rows.row(attempt.notificationId(), attempt.dispatchId(), attempt.merchantId(), attempt.event(),
          attempt.status().name(), attempt.attemptCount(), attempt.lastHttpStatus(), attempt.lastError(),
          attempt.nextAttemptAt(), attempt.createdAt(), attempt.occurredAt(), envelope.sequence());
    }
    rows.execute(connection, """
        insert into %s.webhook_attempts
          (notification_id, dispatch_id, merchant_id, event, status, attempt_count, last_http_status,
           last_error, next_attempt_at, created_at, updated_at, revision)
        select * from unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::integer[], ?::integer[],
                             ?::text[], ?::timestamptz[], ?::timestamptz[], ?::timestamptz[], ?::bigint[])
        on conflict (notification_id) do update set
          status = excluded.status, attempt_count = excluded.attempt_count,
          last_http_status = excluded.last_http_status, last_error = excluded.last_error,
          next_attempt_at = excluded.next_attempt_at, updated_at = excluded.updated_at,
          revision = excluded.revision
        where %s.webhook_attempts.revision < excluded.revision""".formatted(schema, schema));
  }
}
