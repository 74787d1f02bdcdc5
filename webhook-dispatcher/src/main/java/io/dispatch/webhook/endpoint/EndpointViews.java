package io.dispatch.webhook.endpoint;

import io.dispatch.webhook.endpoint.EndpointHealth.Status;
import io.dispatch.webhook.endpoint.EndpointHealth.View;
import io.dispatch.webhook.notification.Notifications;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Reads {@link EndpointHealth.View}: the endpoint's row joined with its notification counts. Only
 * reads, so it stays apart from the state changes in {@link EndpointHealth}.
 */
final class EndpointViews {

    private EndpointViews() {}

    /** The endpoint, its state and counters at {@code now}; empty when the merchant has no endpoint. */
    static Optional<View> read(JdbcTemplate jdbc, Notifications notifications, UUID merchantId, Instant now) {
        record Row(String url, Status status, String reason, Instant disabledAt) {}
        List<Row> rows = jdbc.query(
                "select url, status, disabled_reason, disabled_at from webhook.endpoints where merchant_id = ?",
                (rs, i) -> new Row(rs.getString(1), Status.valueOf(rs.getString(2)), rs.getString(3), instant(rs, 4)),
                merchantId);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Row row = rows.getFirst();
        Notifications.Counts counts = notifications.counts(merchantId, now);
        return Optional.of(new View(
                row.url(),
                row.status(),
                row.reason(),
                row.disabledAt(),
                counts.pending(),
                counts.succeededLast24h(),
                counts.failedLast24h()));
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        Timestamp value = rs.getTimestamp(column);
        return value == null ? null : value.toInstant();
    }
}
