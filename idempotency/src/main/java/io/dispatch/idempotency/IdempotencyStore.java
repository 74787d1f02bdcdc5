package io.dispatch.idempotency;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Idempotency keys per merchant, and per rider ({@link KeyScope}: the column {@code merchant_id}
 * holds the scope's id), in PostgreSQL (table {@code idempotency.idempotency_keys}, db/idempotency). A request first
 * claims its key with an atomic insert of an in-progress row; at completion the row is replaced
 * by the answer, or deleted when the answer is not to be kept. Each claim carries an owner id,
 * so a request whose claim was taken over (it ran past the in-progress timeout) cannot overwrite
 * or delete its successor's row. Blocking JDBC: call it off the event loop.
 */
public class IdempotencyStore {

    private static final Logger log = LoggerFactory.getLogger(IdempotencyStore.class);
    private static final int MAX_ATTEMPTS = 5;

    private final JdbcTemplate jdbc;
    private final IdempotencyProperties properties;
    private final Clock clock;

    public IdempotencyStore(JdbcTemplate jdbc, IdempotencyProperties properties, Clock clock) {
        this.jdbc = jdbc;
        this.properties = properties;
        this.clock = clock;
    }

    /** What a request with a key may do. */
    public sealed interface Claim {
        /** The request runs; it holds the key as {@code owner} until {@link #complete} or {@link #release}. */
        record Acquired(UUID owner) implements Claim {}

        record Replay(StoredAnswer answer) implements Claim {}

        /** The key was used with a different request. */
        record Mismatch() implements Claim {}

        /** Another request with the key is still running. */
        record Busy() implements Claim {}
    }

    private record Row(
            byte[] fingerprint,
            UUID owner,
            boolean completed,
            Instant claimedAt,
            Instant expiresAt,
            StoredAnswer answer) {}

    public Claim claim(UUID merchantId, String key, byte[] fingerprint) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Instant now = clock.instant();
            UUID owner = UUID.randomUUID();
            int inserted = jdbc.update(
                    """
          insert into idempotency.idempotency_keys
                 (merchant_id, idempotency_key, fingerprint, owner, state, claimed_at, expires_at)
          values (?, ?, ?, ?, 'IN_PROGRESS', ?, ?)
          on conflict do nothing""",
                    merchantId,
                    key,
                    fingerprint,
                    owner,
                    Timestamp.from(now),
                    Timestamp.from(now.plus(properties.ttl())));
            if (inserted == 1) {
                return new Claim.Acquired(owner);
            }
            Optional<Row> found = find(merchantId, key);
            if (found.isEmpty()) {
                continue; // deleted since the insert conflicted: try again
            }
            Row row = found.get();
            if (!row.expiresAt().isAfter(now)) {
                jdbc.update(
                        "delete from idempotency.idempotency_keys where merchant_id = ? and idempotency_key = ? and owner = ?",
                        merchantId,
                        key,
                        row.owner());
                continue;
            }
            if (!Arrays.equals(row.fingerprint(), fingerprint)) {
                return new Claim.Mismatch();
            }
            if (row.completed()) {
                return new Claim.Replay(row.answer());
            }
            if (row.claimedAt().plus(properties.inProgressTimeout()).isAfter(now)) {
                return new Claim.Busy();
            }
            int taken = jdbc.update("""
          update idempotency.idempotency_keys set owner = ?, claimed_at = ?
           where merchant_id = ? and idempotency_key = ? and owner = ? and state = 'IN_PROGRESS'""", owner, Timestamp.from(now), merchantId, key, row.owner());
            if (taken == 1) {
                log.info("Took over an abandoned in-progress idempotency key of merchant {}", merchantId);
                return new Claim.Acquired(owner);
            }
        }
        return new Claim.Busy();
    }

    /** Replaces the claim by the answer to replay; nothing when the claim was taken over meanwhile. */
    public void complete(UUID merchantId, String key, UUID owner, StoredAnswer answer) {
        int updated = jdbc.update(
                """
        update idempotency.idempotency_keys
           set state = 'COMPLETED', status_code = ?, content_type = ?, request_id = ?, body = ?
         where merchant_id = ? and idempotency_key = ? and owner = ? and state = 'IN_PROGRESS'""", answer.status(), answer.contentType(), answer.requestId(), answer.body(), merchantId, key, owner);
        if (updated == 0) {
            log.warn("An idempotent answer of merchant {} was not stored: its claim had been taken over", merchantId);
        }
    }

    /** Gives the key up so that a retry executes again (5xx, cancelled or failed requests). */
    public void release(UUID merchantId, String key, UUID owner) {
        jdbc.update(
                "delete from idempotency.idempotency_keys where merchant_id = ? and idempotency_key = ? and owner = ? "
                        + "and state = 'IN_PROGRESS'",
                merchantId,
                key,
                owner);
    }

    /**
     * Deletes expired keys, {@code cleanup-batch-size} per statement (each its own transaction), until
     * none is left; keys another transaction holds are skipped until the next round. The total.
     */
    public long deleteExpired() {
        Timestamp now = Timestamp.from(clock.instant());
        long total = 0;
        int batch;
        do {
            batch = jdbc.update("""
          delete from idempotency.idempotency_keys
           where ctid = any(array(
             select ctid from idempotency.idempotency_keys where expires_at <= ? limit ? for update skip locked))""", now, properties.cleanupBatchSize());
            total += batch;
        } while (batch == properties.cleanupBatchSize());
        return total;
    }

    private Optional<Row> find(UUID merchantId, String key) {
        return jdbc
                .query(
                        """
            select fingerprint, owner, state, claimed_at, expires_at, status_code, content_type, request_id, body
              from idempotency.idempotency_keys
             where merchant_id = ? and idempotency_key = ?""",
                        (rs, i) -> {
                            boolean completed = "COMPLETED".equals(rs.getString("state"));
                            StoredAnswer answer = completed
                                    ? new StoredAnswer(
                                            rs.getInt("status_code"),
                                            rs.getString("content_type"),
                                            rs.getString("request_id"),
                                            rs.getBytes("body"))
                                    : null;
                            return new Row(
                                    rs.getBytes("fingerprint"),
                                    rs.getObject("owner", UUID.class),
                                    completed,
                                    rs.getTimestamp("claimed_at").toInstant(),
                                    rs.getTimestamp("expires_at").toInstant(),
                                    answer);
                        },
                        merchantId,
                        key)
                .stream()
                .findFirst();
    }
}
