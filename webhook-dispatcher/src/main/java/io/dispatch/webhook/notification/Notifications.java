package io.dispatch.webhook.notification;

import io.dispatch.events.NotificationStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The notifications table: the durable schedule. A notification is PENDING until an attempt
 * succeeds (SUCCEEDED) or the attempts run out (FAILED). The dispatchers lease and record
 * attempts through {@link NotificationClaims}; every state change bumps {@code revision}, which
 * the attempt publisher carries to Kafka.
 */
@Repository
public class Notifications {

    private final JdbcTemplate jdbc;

    public Notifications(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The last error a notification shows while its endpoint is disabled, until it is re-enabled. */
    public static final String KEPT = "kept: ";

    /** The state the attempt publisher puts onto Kafka. */
    public record State(
            UUID id,
            UUID dispatchId,
            UUID merchantId,
            String event,
            NotificationStatus status,
            int attemptCount,
            Integer lastHttpStatus,
            String lastError,
            Instant nextAttemptAt,
            Instant createdAt,
            Instant updatedAt,
            long revision) {}

    /**
     * A notification to create, due now. {@code sourceEventId} is null for a test ping;
     * {@code keptBecause} (or null) is why it is kept rather than sent, shown as its last error:
     * its endpoint is disabled.
     */
    public record New(
            UUID id,
            UUID sourceEventId,
            UUID dispatchId,
            UUID merchantId,
            long sequence,
            String event,
            byte[] body,
            String keptBecause) {}

    /**
     * Creates these notifications in one JDBC batch; for each, true when it was created (false:
     * its source event already has its notification, a re-read Kafka record).
     */
    public boolean[] createAll(List<New> created, Instant now) {
        Timestamp at = Timestamp.from(now);
        int[] counts = jdbc.batchUpdate(
                """
        insert into webhook.notifications
          (id, source_event_id, dispatch_id, merchant_id, sequence, event, body, status, attempt_count,
           last_error, next_attempt_at, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, ?, ?)
        on conflict (source_event_id) do nothing""",
                created.stream()
                        .map(n -> new Object[] {
                            n.id(),
                            n.sourceEventId(),
                            n.dispatchId(),
                            n.merchantId(),
                            n.sequence(),
                            n.event(),
                            n.body(),
                            n.keptBecause() == null ? null : KEPT + n.keptBecause(),
                            at,
                            at,
                            at
                        })
                        .toList());
        boolean[] done = new boolean[counts.length];
        for (int i = 0; i < counts.length; i++) {
            done[i] = counts[i] == 1;
        }
        return done;
    }

    /** The outcome of asking for a resend. */
    public sealed interface Resend {
        record Scheduled(String event) implements Resend {}

        record Pending() implements Resend {}

        record NotFound() implements Resend {}
    }

    /** A finished notification (SUCCEEDED or FAILED) of this merchant's delivery starts a new attempt series now. */
    public Resend resend(UUID merchantId, UUID dispatchId, UUID notificationId, Instant now) {
        List<String> event = jdbc.queryForList(
                """
        update webhook.notifications
           set status = 'PENDING', attempt_count = 0, last_http_status = null, last_error = null,
               next_attempt_at = ?, lease_until = null, updated_at = ?, revision = revision + 1
         where id = ? and merchant_id = ? and dispatch_id = ? and status in ('SUCCEEDED', 'FAILED')
        returning event""", String.class, Timestamp.from(now), Timestamp.from(now), notificationId, merchantId, dispatchId);
        if (!event.isEmpty()) {
            return new Resend.Scheduled(event.getFirst());
        }
        List<String> status = jdbc.queryForList(
                "select status from webhook.notifications where id = ? and merchant_id = ? and dispatch_id = ?",
                String.class,
                notificationId,
                merchantId,
                dispatchId);
        return status.isEmpty() ? new Resend.NotFound() : new Resend.Pending();
    }

    /**
     * Every FAILED notification of this merchant created in [since, until) starts a new attempt
     * series now, as a resend does; returns how many.
     */
    public int recover(UUID merchantId, Instant since, Instant until, Instant now) {
        Timestamp at = Timestamp.from(now);
        return jdbc.update("""
        update webhook.notifications
           set status = 'PENDING', attempt_count = 0, last_http_status = null, last_error = null,
               next_attempt_at = ?, lease_until = null, updated_at = ?, revision = revision + 1
         where merchant_id = ? and status = 'FAILED' and created_at >= ? and created_at < ?""", at, at, merchantId, Timestamp.from(since), Timestamp.from(until));
    }

    /** The merchant's endpoint was disabled: its PENDING notifications say they are kept, and why. */
    public int keep(UUID merchantId, String because, Instant now) {
        return jdbc.update("""
        update webhook.notifications
           set last_error = ?, updated_at = ?, revision = revision + 1
         where merchant_id = ? and status = 'PENDING'""", KEPT + because, Timestamp.from(now), merchantId);
    }

    /** The merchant's endpoint is enabled again: everything kept is due now (the claim sends each delivery's in order). */
    public int release(UUID merchantId, Instant now) {
        Timestamp at = Timestamp.from(now);
        return jdbc.update("""
        update webhook.notifications
           set next_attempt_at = ?, updated_at = ?, revision = revision + 1,
               last_error = case when last_error like 'kept: %' then null else last_error end
         where merchant_id = ? and status = 'PENDING'""", at, at, merchantId);
    }

    /** A merchant's notifications at a glance: PENDING now, and ended SUCCEEDED or FAILED in the last 24 hours. */
    public record Counts(long pending, long succeededLast24h, long failedLast24h) {}

    public Counts counts(UUID merchantId, Instant now) {
        Timestamp dayAgo = Timestamp.from(now.minus(java.time.Duration.ofHours(24)));
        long pending = jdbc.queryForObject(
                "select count(*) from webhook.notifications where merchant_id = ? and status = 'PENDING'",
                Long.class,
                merchantId);
        return jdbc.queryForObject(
                """
        select count(*) filter (where status = 'SUCCEEDED'), count(*) filter (where status = 'FAILED')
          from webhook.notifications where merchant_id = ? and updated_at >= ?""", (rs, i) -> new Counts(pending, rs.getLong(1), rs.getLong(2)), merchantId, dayAgo);
    }

    /** Notifications of a delivery whose newest state has not reached Kafka yet, oldest change first. */
    public List<State> unpublished(int limit) {
        return jdbc.query("""
        select id, dispatch_id, merchant_id, event, status, attempt_count, last_http_status, last_error,
               next_attempt_at, created_at, updated_at, revision
          from webhook.notifications
         where published_revision < revision and dispatch_id is not null
         order by updated_at limit ?""", Notifications::state, limit);
    }

    /**
     * Marks these states published (acknowledged by the broker), in one statement. Its rows are
     * locked in id order first, as the recording of attempts locks them, so the two never wait for
     * each other in a cycle.
     */
    public void markPublished(List<State> published) {
        if (published.isEmpty()) {
            return;
        }
        jdbc.update(
                """
        with p as (select * from unnest(?::uuid[], ?::bigint[]) as p(id, revision)),
        locked as (select n.id from webhook.notifications n where n.id in (select id from p) order by n.id for update)
        update webhook.notifications n set published_revision = greatest(n.published_revision, p.revision)
          from p join locked using (id)
         where n.id = p.id""",
                published.stream().map(state -> state.id().toString()).collect(Collectors.joining(",", "{", "}")),
                published.stream()
                        .map(state -> String.valueOf(state.revision()))
                        .collect(Collectors.joining(",", "{", "}")));
    }

    /** The operator's view of the schedule. */
    public record Backlog(long pending, long due, Instant oldestDueAt, long failed, long unpublished) {}

    public Backlog backlog(Instant now) {
        return jdbc.queryForObject(
                """
        select count(*) filter (where status = 'PENDING'),
               count(*) filter (where status = 'PENDING' and next_attempt_at <= ?),
               min(next_attempt_at) filter (where status = 'PENDING' and next_attempt_at <= ?),
               count(*) filter (where status = 'FAILED'),
               count(*) filter (where published_revision < revision and dispatch_id is not null)
          from webhook.notifications""",
                (rs, i) -> new Backlog(rs.getLong(1), rs.getLong(2), instant(rs, 3), rs.getLong(4), rs.getLong(5)),
                Timestamp.from(now),
                Timestamp.from(now));
    }

    public Optional<NotificationStatus> status(UUID id) {
        return jdbc.queryForList("select status from webhook.notifications where id = ?", String.class, id).stream()
                .findFirst()
                .map(NotificationStatus::valueOf);
    }

    private static State state(ResultSet rs, int row) throws SQLException {
        int http = rs.getInt(7);
        return new State(
                rs.getObject(1, UUID.class),
                rs.getObject(2, UUID.class),
                rs.getObject(3, UUID.class),
                rs.getString(4),
                NotificationStatus.valueOf(rs.getString(5)),
                rs.getInt(6),
                rs.wasNull() ? null : http,
                rs.getString(8),
                instant(rs, 9),
                instant(rs, 10),
                instant(rs, 11),
                rs.getLong(12));
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        Timestamp value = rs.getTimestamp(column);
        return value == null ? null : value.toInstant();
    }
}
