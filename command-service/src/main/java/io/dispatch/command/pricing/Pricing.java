package io.dispatch.command.pricing;

import io.dispatch.events.Stop;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Prices trips from the zones and the platform default schedule in PostgreSQL. The zones are
 * held in memory as a spatial index and re-read every few seconds, so every instance sees an
 * operator's change shortly after it is made.
 */
@Component
public class Pricing {

    private final JdbcTemplate jdbc;
    private final AtomicReference<Snapshot> snapshot = new AtomicReference<>();

    /** The zones and the default schedule as last read. */
    public record Snapshot(ZoneDirectory zones, PricingSchedule defaults) {}

    public Pricing(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public Quote quote(Stop pickup, Stop dropoff, String currency) {
        Optional<Zone> zone = zoneAt(pickup);
        PricingSchedule schedule = zone.map(Zone::schedule).orElse(current().defaults());
        long distance = pickup != null && dropoff != null && pickup.hasCoordinates() && dropoff.hasCoordinates()
                ? FeeCalculator.distanceMeters(pickup.lat(), pickup.lng(), dropoff.lat(), dropoff.lng())
                : 0;
        return new Quote(
                FeeCalculator.feeCents(schedule, distance),
                currency,
                zone.map(Zone::id).orElse(null),
                zone.map(Zone::name).orElse(null),
                distance,
                FeeCalculator.etaTravelSeconds(schedule, distance),
                schedule.targetPickupSeconds(),
                schedule.targetDeliverySeconds());
    }

    /** The schedule that applies to a pickup: its zone's, or the default outside every zone. */
    public PricingSchedule scheduleAt(Stop pickup) {
        return zoneAt(pickup).map(Zone::schedule).orElse(current().defaults());
    }

    private Optional<Zone> zoneAt(Stop pickup) {
        return pickup != null && pickup.hasCoordinates()
                ? current().zones().zoneAt(pickup.lat(), pickup.lng())
                : Optional.empty();
    }

    private Snapshot current() {
        Snapshot current = snapshot.get();
        if (current == null) {
            current = reload();
        }
        return current;
    }

    /** Reads the zones and pricing again; every {@code dispatch.pricing.refresh-interval} (CommandServiceConfiguration). */
    public Snapshot reload() {
        PricingSchedule defaults =
                jdbc.queryForObject("select * from command.pricing_default where id = 1", (rs, i) -> schedule(rs));
        var zones = jdbc.query(
                "select * from command.zones",
                (rs, i) -> new Zone(
                        rs.getString("id"),
                        rs.getString("name"),
                        rs.getInt("priority"),
                        polygon(rs.getString("polygon_wkt")),
                        schedule(rs)));
        Snapshot fresh = new Snapshot(new ZoneDirectory(zones), defaults);
        snapshot.set(fresh);
        return fresh;
    }

    private static PricingSchedule schedule(ResultSet rs) throws SQLException {
        return new PricingSchedule(
                rs.getLong("base_fee_cents"),
                rs.getLong("per_km_cents"),
                rs.getLong("min_fee_cents"),
                rs.getDouble("detour_factor"),
                rs.getDouble("avg_speed_kmh"),
                rs.getLong("target_pickup_seconds"),
                rs.getLong("target_delivery_seconds"));
    }

    private static Polygon polygon(String wkt) {
        try {
            return (Polygon) new WKTReader().read(wkt);
        } catch (ParseException e) {
            throw new IllegalStateException("Stored zone polygon is not valid WKT", e);
        }
    }
}
