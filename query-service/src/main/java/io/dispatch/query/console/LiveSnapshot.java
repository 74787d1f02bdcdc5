package io.dispatch.query.console;

import io.dispatch.query.console.LiveBoard.Point;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What an operator's live stream starts from: every rider with shift, load and newest position,
 * and the deliveries not yet DELIVERED, FAILED or CANCELLED (the newest {@link #OPEN_LIMIT}).
 * Positions are the read model's (query.rider_positions, from the rider-positions topic the stream
 * then follows); shift and capacity the identity schema's. Blocking JDBC: call it off the event loop.
 */
@Component
public class LiveSnapshot {

    /** The most open deliveries a snapshot lists, newest first. */
    public static final int OPEN_LIMIT = 500;

    private final JdbcTemplate jdbc;

    public LiveSnapshot(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A rider as the map shows it; position null until the rider reports one. */
    public record LiveRider(
            UUID riderId,
            String name,
            boolean sandbox,
            String shift,
            int active,
            int maxActive,
            Double lat,
            Double lng,
            Instant recordedAt) {}

    /** A delivery on the map; pickup or dropoff null when the merchant gave only an address. */
    public record LiveDelivery(
            UUID dispatchId, String status, UUID riderId, Point pickup, Point dropoff, Instant createdAt) {}

    public record Snapshot(List<LiveRider> riders, List<LiveDelivery> deliveries) {}

    public Snapshot read() {
        List<LiveRider> riders = jdbc.query("""
            select r.id, r.name, r.sandbox, r.shift, r.max_active, p.latitude, p.longitude, p.recorded_at,
                   (select count(*) from query.dispatches d
                     where d.rider_id = r.id and d.status in ('ASSIGNED', 'PICKED_UP', 'IN_TRANSIT')) active
              from identity.riders r left join query.rider_positions p on p.rider_id = r.id
             order by r.name, r.id""", (rs, i) -> rider(rs));
        List<LiveDelivery> deliveries = jdbc.query("""
            select id, status, rider_id, pickup_lat, pickup_lng, created_at,
                   (body -> 'dropoff' ->> 'lat')::double precision dropoff_lat,
                   (body -> 'dropoff' ->> 'lng')::double precision dropoff_lng
              from query.dispatches
             where status not in ('DELIVERED', 'FAILED', 'CANCELLED')
             order by created_at desc, id desc limit ?""", (rs, i) -> delivery(rs), OPEN_LIMIT);
        return new Snapshot(riders, deliveries);
    }

    private static LiveRider rider(ResultSet rs) throws SQLException {
        Timestamp at = rs.getTimestamp("recorded_at");
        return new LiveRider(
                rs.getObject("id", UUID.class),
                rs.getString("name"),
                rs.getBoolean("sandbox"),
                rs.getString("shift"),
                rs.getInt("active"),
                rs.getInt("max_active"),
                at == null ? null : rs.getDouble("latitude"),
                at == null ? null : rs.getDouble("longitude"),
                at == null ? null : at.toInstant());
    }

    private static LiveDelivery delivery(ResultSet rs) throws SQLException {
        return new LiveDelivery(
                rs.getObject("id", UUID.class),
                rs.getString("status"),
                rs.getObject("rider_id", UUID.class),
                point(rs, "pickup_lat", "pickup_lng"),
                point(rs, "dropoff_lat", "dropoff_lng"),
                rs.getTimestamp("created_at").toInstant());
    }

    private static Point point(ResultSet rs, String lat, String lng) throws SQLException {
        double latitude = rs.getDouble(lat);
        boolean missing = rs.wasNull();
        double longitude = rs.getDouble(lng);
        return missing || rs.wasNull() ? null : new Point(latitude, longitude);
    }
}
