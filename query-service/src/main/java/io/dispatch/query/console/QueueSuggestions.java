package io.dispatch.query.console;

import io.dispatch.events.GreatCircle;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The riders an operator may assign a waiting delivery to, best first, by the engine's rule
 * (decisions.md §14): eligible riders only (on shift, a position younger than
 * {@link #MAX_POSITION_AGE}, holding fewer than their maxActive, on the delivery's side of the
 * sandbox line), nearest to the pickup first, then the fewest active deliveries. Within one zone
 * the engine's modelled time is the distance times one factor, so nearest first is its order; a
 * rider out of the policy's radius is listed too (the operator may send anyone). Blocking JDBC.
 */
@Component
public class QueueSuggestions {

    public static final int LIMIT = 5;
    /** The engine's default {@code dispatch.engine.max-position-age}. */
    static final Duration MAX_POSITION_AGE = Duration.ofMinutes(5);

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public QueueSuggestions(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** A rider to assign to; distanceMeters null when the delivery's pickup has no coordinates. */
    public record Suggestion(
            int rank,
            UUID riderId,
            String name,
            Long distanceMeters,
            int active,
            int maxActive,
            double lat,
            double lng,
            Instant recordedAt) {}

    private record Pickup(String status, boolean sandbox, Double lat, Double lng) {}

    private record Eligible(UUID riderId, String name, int active, int maxActive, double lat, double lng, Instant at) {}

    /** Empty when there is no such delivery; the list is empty when it is no longer NEW. */
    public Optional<List<Suggestion>> forDelivery(UUID dispatchId) {
        Optional<Pickup> pickup = jdbc
                .query(
                        "select status, sandbox, pickup_lat, pickup_lng from query.dispatches where id = ?",
                        (rs, i) -> new Pickup(
                                rs.getString("status"),
                                rs.getBoolean("sandbox"),
                                number(rs, "pickup_lat"),
                                number(rs, "pickup_lng")),
                        dispatchId)
                .stream()
                .findFirst();
        return pickup.map(found -> "NEW".equals(found.status()) ? rank(found) : List.of());
    }

    private List<Suggestion> rank(Pickup pickup) {
        Timestamp freshSince = Timestamp.from(clock.instant().minus(MAX_POSITION_AGE));
        List<Eligible> riders = jdbc.query("""
            select * from (
              select r.id, r.name, r.max_active, p.latitude, p.longitude, p.recorded_at,
                     (select count(*) from query.dispatches d
                       where d.rider_id = r.id and d.status in ('ASSIGNED', 'PICKED_UP', 'IN_TRANSIT')) active
                from identity.riders r join query.rider_positions p on p.rider_id = r.id
               where r.shift = 'ON' and r.sandbox = ? and p.recorded_at >= ?) eligible
             where active < max_active""", (rs, i) -> eligible(rs), pickup.sandbox(), freshSince);
        boolean located = pickup.lat() != null && pickup.lng() != null;
        Comparator<Eligible> best = Comparator.<Eligible>comparingLong(rider -> located ? distance(pickup, rider) : 0)
                .thenComparingInt(Eligible::active)
                .thenComparing(Eligible::riderId);
        List<Eligible> sorted = riders.stream().sorted(best).limit(LIMIT).toList();
        return IntStream.range(0, sorted.size())
                .mapToObj(index -> {
                    Eligible rider = sorted.get(index);
                    return new Suggestion(
                            index + 1,
                            rider.riderId(),
                            rider.name(),
                            located ? distance(pickup, rider) : null,
                            rider.active(),
                            rider.maxActive(),
                            rider.lat(),
                            rider.lng(),
                            rider.at());
                })
                .toList();
    }

    private static long distance(Pickup pickup, Eligible rider) {
        return GreatCircle.distanceMeters(pickup.lat(), pickup.lng(), rider.lat(), rider.lng());
    }

    private static Eligible eligible(ResultSet rs) throws SQLException {
        return new Eligible(
                rs.getObject("id", UUID.class),
                rs.getString("name"),
                rs.getInt("active"),
                rs.getInt("max_active"),
                rs.getDouble("latitude"),
                rs.getDouble("longitude"),
                rs.getTimestamp("recorded_at").toInstant());
    }

    private static Double number(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }
}
