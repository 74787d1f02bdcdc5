package io.dispatch.audit.infrastructure;

import io.dispatch.audit.domain.DeliveryRow;
import io.dispatch.audit.domain.WebhookNotification;
import io.dispatch.events.view.StatusTransition;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The read models of one delivery, read where their owners keep them: {@code query.dispatches},
 * {@code query.dispatch_history} and {@code query.webhook_attempts} (query-service) and {@code
 * webhook.notifications} (webhook-dispatcher). The audit is the one reader across schemas
 * (ADR 0017); it only ever selects.
 */
@Component
public class ReadModelTables {

    private final JdbcTemplate jdbc;

    public ReadModelTables(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<DeliveryRow> delivery(UUID dispatchId) {
        return jdbc
                .query(
                        """
            select merchant_id, status, source, tracking_token, created_at, updated_at, last_sequence,
                   pickup_lat, pickup_lng, body::text as body
              from query.dispatches where id = ?""",
                        (row, i) -> new DeliveryRow(
                                row.getString("merchant_id"),
                                row.getString("status"),
                                row.getString("source"),
                                row.getString("tracking_token"),
                                instant(row, "created_at"),
                                instant(row, "updated_at"),
                                row.getLong("last_sequence"),
                                row.getObject("pickup_lat", Double.class),
                                row.getObject("pickup_lng", Double.class),
                                row.getString("body")),
                        dispatchId)
                .stream()
                .findFirst();
    }

    public List<StatusTransition> history(UUID dispatchId) {
        return jdbc.query(
                """
            select sequence, status, previous_status, occurred_at, actor_type, actor_id, reason_code, detail
              from query.dispatch_history where dispatch_id = ? order by sequence""",
                (row, i) -> new StatusTransition(
                        row.getLong("sequence"),
                        row.getString("status"),
                        row.getString("previous_status"),
                        instant(row, "occurred_at"),
                        row.getString("actor_type"),
                        row.getString("actor_id"),
                        row.getString("reason_code"),
                        row.getString("detail")),
                dispatchId);
    }

    /** The rows GET /dispatches/:id/webhooks shows. */
    public List<WebhookNotification> webhookAttempts(UUID dispatchId) {
        return jdbc.query(
                """
            select notification_id, merchant_id, event, status, attempt_count, last_http_status, last_error,
                   next_attempt_at, created_at, updated_at
              from query.webhook_attempts where dispatch_id = ? order by created_at, notification_id""",
                (row, i) ->
                        new WebhookNotification(row.getObject("notification_id", UUID.class), null, null, state(row)),
                dispatchId);
    }

    /** The dispatcher's own record of the delivery's notifications. */
    public List<WebhookNotification> notifications(UUID dispatchId) {
        return jdbc.query(
                """
            select id, source_event_id, sequence, merchant_id, event, status, attempt_count, last_http_status,
                   last_error, next_attempt_at, created_at, updated_at
              from webhook.notifications where dispatch_id = ? order by created_at, id""",
                (row, i) -> new WebhookNotification(
                        row.getObject("id", UUID.class), row.getObject("source_event_id", UUID.class),
                        row.getLong("sequence"), state(row)),
                dispatchId);
    }

    private static WebhookNotification.State state(ResultSet row) throws SQLException {
        return new WebhookNotification.State(
                row.getObject("merchant_id", UUID.class),
                row.getString("event"),
                row.getString("status"),
                row.getInt("attempt_count"),
                row.getObject("last_http_status", Integer.class),
                row.getString("last_error"),
                instant(row, "next_attempt_at"),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
