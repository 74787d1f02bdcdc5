package io.dispatch.command.dispatch.application;

import io.dispatch.idempotency.IdempotencyProperties;
import io.dispatch.idempotency.IdempotentRequest;
import java.sql.Array;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The Idempotency-Keys of creations (table command.creation_keys), written inside the transaction
 * that appends the creation events, so the key and the deliveries it made are stored together or
 * not at all. Blocking JDBC: call it off the event loop, inside that transaction.
 */
public class CreationKeys {

    private final JdbcTemplate jdbc;
    private final IdempotencyProperties properties;
    private final Clock clock;

    public CreationKeys(JdbcTemplate jdbc, IdempotencyProperties properties, Clock clock) {
        this.jdbc = jdbc;
        this.properties = properties;
        this.clock = clock;
    }

    /** What the key already made, when an earlier request with it committed its creations. */
    public record Earlier(byte[] fingerprint, List<UUID> dispatchIds) {
        boolean sameRequest(IdempotentRequest request) {
            return Arrays.equals(fingerprint, request.fingerprint());
        }
    }

    /**
     * Records the key for these deliveries; false when the key is already recorded (the caller's
     * transaction must then write nothing). Waits for a concurrent transaction holding the same key.
     */
    public boolean record(IdempotentRequest request, List<UUID> dispatchIds) {
        Instant now = clock.instant();
        return jdbc.update("""
        insert into command.creation_keys
               (merchant_id, idempotency_key, fingerprint, dispatch_ids, created_at, expires_at)
        values (?, ?, ?, ?, ?, ?)
        on conflict do nothing""", ps -> {
                    ps.setObject(1, request.merchantId());
                    ps.setString(2, request.key());
                    ps.setBytes(3, request.fingerprint());
                    Array ids = ps.getConnection().createArrayOf("uuid", dispatchIds.toArray());
                    ps.setArray(4, ids);
                    ps.setTimestamp(5, Timestamp.from(now));
                    ps.setTimestamp(6, Timestamp.from(now.plus(properties.ttl())));
                })
                == 1;
    }

    public Optional<Earlier> find(IdempotentRequest request) {
        return jdbc
                .query(
                        """
            select fingerprint, dispatch_ids from command.creation_keys
             where merchant_id = ? and idempotency_key = ? and expires_at > ?""",
                        (rs, i) -> new Earlier(
                                rs.getBytes(1), List.of((UUID[]) rs.getArray(2).getArray())),
                        request.merchantId(),
                        request.key(),
                        Timestamp.from(clock.instant()))
                .stream()
                .findFirst();
    }

    /** Deletes keys past their lifetime; returns how many. */
    public int deleteExpired() {
        return jdbc.update("delete from command.creation_keys where expires_at <= ?", Timestamp.from(clock.instant()));
    }
}
