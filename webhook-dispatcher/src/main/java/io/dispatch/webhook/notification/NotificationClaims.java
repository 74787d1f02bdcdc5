package io.dispatch.webhook.notification;

import io.dispatch.events.NotificationStatus;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The dispatchers' side of the notifications table ({@link Notifications}): a claim leases due
 * rows to one dispatcher with FOR UPDATE SKIP LOCKED, so several dispatchers share the table and
 * none attempts the same notification at once; the attempt's outcome ends the lease.
 */
@Repository
public class NotificationClaims {

    private final JdbcTemplate jdbc;

    public NotificationClaims(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A claimed notification: what one attempt needs. */
    public record Claimed(
            UUID id, UUID merchantId, UUID dispatchId, long sequence, String event, byte[] body, int attemptCount) {}

    /**
     * Leases up to {@code limit} due notifications to the caller, oldest due first, at most as many
     * per merchant as its endpoint's lane has free slots here ({@code laneFree}; a merchant with no
     * lane yet gets {@code newLaneFree}), skipping rows another dispatcher holds, merchants whose
     * endpoint is DISABLED (their notifications are kept), and any notification whose delivery has
     * an earlier PENDING notification that was never attempted or is due too: a delivery's events
     * are first attempted in sequence order, and a backlog (kept while the endpoint was disabled, or
     * retried after an outage) goes out one event at a time, in order. An earlier one merely
     * waiting for its retry holds nothing back.
     *
     * <p>Per-endpoint queues in one statement: the merchants with PENDING notifications are found
     * by a loose index scan (one index descent per merchant), and each merchant with a free slot is
     * read through its own {@code (merchant_id, next_attempt_at)} index range, stopping at its free
     * slots. So a claim never reads the backlog of an endpoint that is full (a slow endpoint's
     * thousands of due rows cost nothing), and never leases more of an endpoint than it can send:
     * nothing is claimed only to be given back.
     */
    public List<Claimed> claim(
            Instant now, Instant leaseUntil, int limit, Map<UUID, Integer> laneFree, int newLaneFree) {
        Timestamp at = Timestamp.from(now);
        List<Map.Entry<UUID, Integer>> known = List.copyOf(laneFree.entrySet());
        String lanes = known.stream().map(e -> e.getKey().toString()).collect(Collectors.joining(",", "{", "}"));
        String free = known.stream().map(e -> e.getValue().toString()).collect(Collectors.joining(",", "{", "}"));
        return jdbc.query(
                """
        with recursive merchants as (
          (select merchant_id from webhook.notifications where status = 'PENDING' order by merchant_id limit 1)
          union all
          select (select p.merchant_id from webhook.notifications p
                   where p.status = 'PENDING' and p.merchant_id > m.merchant_id order by p.merchant_id limit 1)
            from merchants m where m.merchant_id is not null),
        lanes as (
          select m.merchant_id, coalesce(f.free, ?) as free
            from merchants m left join unnest(?::uuid[], ?::int[]) as f(merchant_id, free) using (merchant_id)
           where m.merchant_id is not null and coalesce(f.free, ?) > 0
             and not exists (select 1 from webhook.endpoints d
                              where d.merchant_id = m.merchant_id and d.status = 'DISABLED')),
        picked as (
          select c.id, c.next_attempt_at from lanes l cross join lateral (
            select c.id, c.next_attempt_at from webhook.notifications c
             where c.merchant_id = l.merchant_id and c.status = 'PENDING' and c.next_attempt_at <= ?
               and (c.lease_until is null or c.lease_until <= ?)
               and not exists (select 1 from webhook.notifications e
                                where e.dispatch_id = c.dispatch_id and e.sequence < c.sequence
                                  and e.status = 'PENDING' and (e.attempt_count = 0 or e.next_attempt_at <= ?))
             order by c.next_attempt_at
             limit l.free
             for update skip locked) c
           order by c.next_attempt_at
           limit ?)
        update webhook.notifications n set lease_until = ?
          from picked where n.id = picked.id
        returning n.id, n.merchant_id, n.dispatch_id, n.sequence, n.event, n.body, n.attempt_count""",
                (rs, i) -> new Claimed(
                        rs.getObject(1, UUID.class),
                        rs.getObject(2, UUID.class),
                        rs.getObject(3, UUID.class),
                        rs.getLong(4),
                        rs.getString(5),
                        rs.getBytes(6),
                        rs.getInt(7)),
                newLaneFree,
                lanes,
                free,
                newLaneFree,
                at,
                at,
                at,
                limit,
                Timestamp.from(leaseUntil));
    }

    /** Gives claimed notifications back unattempted (no free slot for their endpoint after all). */
    public void release(Collection<UUID> ids) {
        if (!ids.isEmpty()) {
            jdbc.update(
                    "update webhook.notifications set lease_until = null where id = any(?::uuid[])",
                    ids.stream().map(UUID::toString).collect(Collectors.joining(",", "{", "}")));
        }
    }

    /**
     * Records an attempt of a claimed notification. False when the row moved on meanwhile (its
     * lease ran out and another dispatcher recorded it first): the outcome is then not recorded twice.
     * A success also breaks the endpoint's run of FAILED notifications (endpoint health), in the
     * same statement: no second round trip on every attempt.
     */
    public boolean recordAttempt(
            Claimed claimed,
            NotificationStatus status,
            Integer httpStatus,
            String error,
            Instant nextAttemptAt,
            Instant now) {
        return jdbc.queryForObject(
                        """
        with recorded as (
          update webhook.notifications
             set status = ?, attempt_count = attempt_count + 1, last_http_status = ?, last_error = ?,
                 next_attempt_at = ?, lease_until = null, updated_at = ?, revision = revision + 1
           where id = ? and attempt_count = ? and status = 'PENDING'
          returning merchant_id, status),
        run_broken as (
          update webhook.endpoints e set consecutive_failures = 0
            from recorded
           where recorded.status = 'SUCCEEDED' and e.merchant_id = recorded.merchant_id
             and e.consecutive_failures > 0)
        select count(*) from recorded""",
                        Integer.class,
                        status.name(),
                        httpStatus,
                        error,
                        nextAttemptAt == null ? null : Timestamp.from(nextAttemptAt),
                        Timestamp.from(now),
                        claimed.id(),
                        claimed.attemptCount())
                == 1;
    }
}
