package io.dispatch.query.console;

import io.dispatch.query.SqlTimes;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The deliveries an operator should look at (decisions.md §16): open ones past their target
 * delivery time, those that FAILED in the last day, and open ones whose PIN proofs are locked by
 * wrong guesses. From the deliveries read model, at most {@link #LIMIT} of each. Blocking JDBC.
 */
@Component
public class DeliveryExceptions {

    public static final int LIMIT = 100;
    static final Duration FAILED_WITHIN = Duration.ofHours(24);

    private static final String TARGET_DELIVERY_AT = SqlTimes.timestamptz("body ->> 'targetDeliveryAt'");
    private static final String COLUMNS = """
        select id, merchant_id, status, rider_id, body ->> 'zoneId' zone_id,
               %s target_delivery_at, body ->> 'failureReason' failure_reason,
               (body -> 'pinGuesses' ->> 'lockedAt')::timestamptz pin_locked_at, created_at, updated_at
          from query.dispatches""".formatted(TARGET_DELIVERY_AT);
    private static final String OPEN = "status in ('NEW', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT')";

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public DeliveryExceptions(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** A delivery as the exceptions list it. */
    public record Listed(
            UUID dispatchId,
            UUID merchantId,
            String status,
            UUID riderId,
            String zoneId,
            Instant targetDeliveryAt,
            String failureReason,
            Instant pinLockedAt,
            Instant createdAt,
            Instant updatedAt) {}

    public record Exceptions(Instant now, List<Listed> late, List<Listed> failed, List<Listed> pinLocked) {}

    public Exceptions read() {
        Instant now = clock.instant();
        Timestamp at = Timestamp.from(now);
        List<Listed> late = jdbc.query(
                COLUMNS + " where " + OPEN + " and " + TARGET_DELIVERY_AT + " < ?"
                        + " order by target_delivery_at, id limit ?",
                (rs, i) -> listed(rs),
                at,
                LIMIT);
        List<Listed> failed = jdbc.query(
                COLUMNS + " where status = 'FAILED' and updated_at >= ? order by updated_at desc, id limit ?",
                (rs, i) -> listed(rs),
                Timestamp.from(now.minus(FAILED_WITHIN)),
                LIMIT);
        List<Listed> locked = jdbc.query(
                COLUMNS + " where " + OPEN + " and body -> 'pinGuesses' ->> 'lockedAt' is not null"
                        + " order by pin_locked_at desc, id limit ?",
                (rs, i) -> listed(rs),
                LIMIT);
        return new Exceptions(now, late, failed, locked);
    }

    private static Listed listed(ResultSet rs) throws SQLException {
        return new Listed(
                rs.getObject("id", UUID.class),
                rs.getObject("merchant_id", UUID.class),
                rs.getString("status"),
                rs.getObject("rider_id", UUID.class),
                rs.getString("zone_id"),
                instant(rs, "target_delivery_at"),
                rs.getString("failure_reason"),
                instant(rs, "pin_locked_at"),
                instant(rs, "created_at"),
                instant(rs, "updated_at"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp at = rs.getTimestamp(column);
        return at == null ? null : at.toInstant();
    }
}
