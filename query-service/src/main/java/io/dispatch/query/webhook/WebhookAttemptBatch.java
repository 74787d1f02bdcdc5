package io.dispatch.query.webhook;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.query.SqlArrays;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * webhook-attempts into webhook_attempts, a batch at a time: per notification the report with
 * the highest revision (the first of equals), in one upsert that never replaces a row with an
 * older revision. The live projection and the rebuild both write through it.
 */
public final class WebhookAttemptBatch {

    private WebhookAttemptBatch() {}

    public static void apply(Connection connection, String schema, List<EventEnvelope> envelopes) throws SQLException {
        Map<UUID, EventEnvelope> newest = new LinkedHashMap<>();
        for (EventEnvelope envelope : envelopes) {
            if (envelope.event() instanceof WebhookAttemptRecorded attempt) {
                newest.merge(
                        attempt.notificationId(),
                        envelope,
                        (kept, later) -> later.sequence() > kept.sequence() ? later : kept);
            }
        }
        SqlArrays rows = new SqlArrays(12);
        for (EventEnvelope envelope : newest.values()) {
            WebhookAttemptRecorded attempt = (WebhookAttemptRecorded) envelope.event();
            rows.row(
                    attempt.notificationId(),
                    attempt.dispatchId(),
                    attempt.merchantId(),
                    attempt.event(),
                    attempt.status().name(),
                    attempt.attemptCount(),
                    attempt.lastHttpStatus(),
                    attempt.lastError(),
                    attempt.nextAttemptAt(),
                    attempt.createdAt(),
                    attempt.occurredAt(),
                    envelope.sequence());
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
