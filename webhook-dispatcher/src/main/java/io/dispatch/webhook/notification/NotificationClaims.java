package io.dispatch.webhook.notification;

import io.dispatch.events.NotificationStatus;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.IntFunction;
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
            jdbc.update("""
        with locked as (
          select id from webhook.notifications where id = any(?::uuid[]) order by id for update)
        update webhook.notifications n set lease_until = null from locked where n.id = locked.id""", ids.stream().map(UUID::toString).collect(Collectors.joining(",", "{", "}")));
        }
    }

    /**
     * Gives back claimed notifications that were never attempted, each only while it still holds the lease it was
     * claimed with ({@code leases}: notification id to that lease's end): one whose lease ran out meanwhile may be
     * another dispatcher's now, and is left alone.
     */
    public void releaseHeld(Map<UUID, Instant> leases) {
        if (leases.isEmpty()) {
            return;
        }
        List<Map.Entry<UUID, Instant>> held = List.copyOf(leases.entrySet());
        jdbc.update(
                """
        with locked as (
          select n.id from webhook.notifications n
            join unnest(?::uuid[], ?::bigint[]) as h(id, lease_micros) on h.id = n.id
           where n.status = 'PENDING'
             and n.lease_until = timestamptz 'epoch' + h.lease_micros * interval '1 microsecond'
           order by n.id for update of n)
        update webhook.notifications n set lease_until = null from locked where n.id = locked.id""",
                held.stream().map(e -> e.getKey().toString()).collect(Collectors.joining(",", "{", "}")),
                held.stream().map(e -> micros(e.getValue()).toString()).collect(Collectors.joining(",", "{", "}")));
    }

    /** The outcome of one attempt of a claimed notification, to be recorded. */
    public record Attempt(
            Claimed claimed,
            NotificationStatus status,
            Integer httpStatus,
            String error,
            Instant nextAttemptAt,
            Instant at) {}

    /**
     * Records attempts of claimed notifications in one statement (one commit for all: group
     * commit); the ids of those recorded. An attempt is left out when its row moved on meanwhile
     * (its lease ran out and another dispatcher recorded it first): its outcome is then not
     * recorded twice. A success also breaks its endpoint's run of FAILED notifications (endpoint
     * health), in the same statement. The rows are locked in id order first, as the outbox's mark
     * and a give-back lock theirs, so none of them waits for another in a cycle.
     */
    public Set<UUID> recordAttempts(List<Attempt> attempts) {
        if (attempts.isEmpty()) {
            return Set.of();
        }
        return new HashSet<>(jdbc.query(
                connection -> {
                    PreparedStatement statement = connection.prepareStatement("""
        with input as (
          select * from unnest(?::uuid[], ?::int[], ?::text[], ?::int[], ?::text[], ?::bigint[], ?::bigint[])
                     as i(id, attempt_count, status, http_status, error, next_micros, at_micros)),
        locked as (
          select n.id from webhook.notifications n where n.id in (select id from input) order by n.id for update),
        recorded as (
          update webhook.notifications n
             set status = i.status, attempt_count = n.attempt_count + 1, last_http_status = i.http_status,
                 last_error = i.error, next_attempt_at = timestamptz 'epoch' + i.next_micros * interval '1 microsecond',
                 lease_until = null, updated_at = timestamptz 'epoch' + i.at_micros * interval '1 microsecond',
                 revision = n.revision + 1
            from input i join locked using (id)
           where n.id = i.id and n.attempt_count = i.attempt_count and n.status = 'PENDING'
          returning n.id, n.merchant_id, n.status),
        run_broken as (
          update webhook.endpoints e set consecutive_failures = 0
           where e.merchant_id in (select merchant_id from recorded where status = 'SUCCEEDED')
             and e.consecutive_failures > 0)
        select id from recorded""");
                    statement.setArray(
                            1,
                            connection.createArrayOf(
                                    "uuid", column(attempts, a -> a.claimed().id(), UUID[]::new)));
                    statement.setArray(
                            2,
                            connection.createArrayOf(
                                    "int4", column(attempts, a -> a.claimed().attemptCount(), Integer[]::new)));
                    statement.setArray(
                            3,
                            connection.createArrayOf(
                                    "text", column(attempts, a -> a.status().name(), String[]::new)));
                    statement.setArray(
                            4, connection.createArrayOf("int4", column(attempts, Attempt::httpStatus, Integer[]::new)));
                    statement.setArray(
                            5, connection.createArrayOf("text", column(attempts, Attempt::error, String[]::new)));
                    statement.setArray(
                            6,
                            connection.createArrayOf(
                                    "int8", column(attempts, a -> micros(a.nextAttemptAt()), Long[]::new)));
                    statement.setArray(
                            7, connection.createArrayOf("int8", column(attempts, a -> micros(a.at()), Long[]::new)));
                    return statement;
                },
                (rs, i) -> rs.getObject(1, UUID.class)));
    }

    private static <T> T[] column(List<Attempt> attempts, Function<Attempt, T> field, IntFunction<T[]> array) {
        return attempts.stream().map(field).toArray(array);
    }

    private static Long micros(Instant at) {
        return at == null ? null : ChronoUnit.MICROS.between(Instant.EPOCH, at);
    }
}
