package io.dispatch.command.dispatching.roster;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Riders as the dispatcher sees them (decisions.md §14): on or off shift since when, how many
 * deliveries each may hold at once, the last position and what they hold. Shift and capacity
 * live beside the rider's account; every change stamps {@code changed_at}, which is how the
 * engine learns of it.
 */
@Component
public class RiderRoster {

    /** A rider's shift: ON or OFF, and since when (null: never set, OFF since registration). */
    public record Shift(String status, Instant since) {}

    public record Position(double lat, double lng, Instant recordedAt) {}

    public record RosterRider(
            UUID id,
            String name,
            String phone,
            boolean sandbox,
            int maxActive,
            Shift shift,
            Position position,
            List<UUID> activeDispatchIds) {}

    /** What an operator may change: either field null leaves it as it is. */
    public record Change(Integer maxActive, Boolean sandbox) {}

    /** Why a change was refused. */
    public enum Refusal {
        SIMULATED_STAYS_SANDBOX,
        HOLDS_DELIVERIES
    }

    public static final class ChangeRefused extends RuntimeException {
        private final Refusal refusal;

        ChangeRefused(Refusal refusal) {
            super(refusal.name(), null, false, false);
            this.refusal = refusal;
        }

        public Refusal refusal() {
            return refusal;
        }
    }

    private static final String SELECT = """
        select id, name, phone, sandbox, simulated, max_active, shift, shift_since, last_lat, last_lng, last_located_at
          from identity.riders""";

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public RiderRoster(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Every rider, by name then id, with the deliveries each holds. */
    public List<RosterRider> all() {
        Map<UUID, List<UUID>> held = jdbc
                .query(
                        "select rider_id, dispatch_id from command.rider_assignments order by dispatch_id",
                        (rs, i) -> Map.entry(
                                rs.getObject("rider_id", UUID.class), rs.getObject("dispatch_id", UUID.class)))
                .stream()
                .collect(Collectors.groupingBy(
                        Map.Entry::getKey, Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
        return jdbc.query(SELECT + " order by name, id", (rs, i) -> rider(rs, held.getOrDefault(id(rs), List.of())));
    }

    public Optional<RosterRider> find(UUID riderId) {
        List<UUID> held = jdbc.queryForList(
                "select dispatch_id from command.rider_assignments where rider_id = ? order by dispatch_id",
                UUID.class,
                riderId);
        return jdbc.query(SELECT + " where id = ?", (rs, i) -> rider(rs, held), riderId).stream()
                .findFirst();
    }

    /** Puts the rider on or off shift; asking for the status it already has keeps its {@code since}. */
    public Optional<Shift> setShift(UUID riderId, boolean on) {
        String status = on ? "ON" : "OFF";
        Timestamp now = Timestamp.from(clock.instant());
        jdbc.update("""
        update identity.riders set shift = ?, shift_since = ?, changed_at = ?
         where id = ? and (shift <> ? or shift_since is null)""", status, now, now, riderId, status);
        return jdbc
                .query("select shift, shift_since from identity.riders where id = ?", (rs, i) -> shift(rs), riderId)
                .stream()
                .findFirst();
    }

    /**
     * Changes capacity and side of the sandbox line. A simulator's rider stays a sandbox rider, and
     * a rider crosses the line only while holding nothing (what it holds was taken on its side).
     */
    public Optional<RosterRider> change(UUID riderId, Change change) {
        Optional<RosterRider> current = find(riderId);
        if (current.isEmpty()) {
            return current;
        }
        if (change.sandbox() != null && change.sandbox() != current.get().sandbox()) {
            Boolean simulated =
                    jdbc.queryForObject("select simulated from identity.riders where id = ?", Boolean.class, riderId);
            if (Boolean.TRUE.equals(simulated)) {
                throw new ChangeRefused(Refusal.SIMULATED_STAYS_SANDBOX);
            }
            if (!current.get().activeDispatchIds().isEmpty()) {
                throw new ChangeRefused(Refusal.HOLDS_DELIVERIES);
            }
        }
        jdbc.update("""
        update identity.riders set max_active = coalesce(?, max_active), sandbox = coalesce(?, sandbox), changed_at = ?
         where id = ?""", change.maxActive(), change.sandbox(), Timestamp.from(clock.instant()), riderId);
        return find(riderId);
    }

    private static UUID id(ResultSet rs) throws SQLException {
        return rs.getObject("id", UUID.class);
    }

    private static Shift shift(ResultSet rs) throws SQLException {
        Timestamp since = rs.getTimestamp("shift_since");
        return new Shift(rs.getString("shift"), since == null ? null : since.toInstant());
    }

    private static RosterRider rider(ResultSet rs, List<UUID> held) throws SQLException {
        Timestamp located = rs.getTimestamp("last_located_at");
        Position position = located == null
                ? null
                : new Position(rs.getDouble("last_lat"), rs.getDouble("last_lng"), located.toInstant());
        return new RosterRider(
                id(rs),
                rs.getString("name"),
                rs.getString("phone"),
                rs.getBoolean("sandbox"),
                rs.getInt("max_active"),
                shift(rs),
                position,
                List.copyOf(held));
    }
}
