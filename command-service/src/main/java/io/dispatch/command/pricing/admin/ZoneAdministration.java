package io.dispatch.command.pricing.admin;

import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.pricing.PricingSchedule;
import io.dispatch.command.pricing.Zone;
import java.util.Arrays;
import java.util.List;
import org.locationtech.jts.io.WKTWriter;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * The operator's changes to zones and the platform default schedule. Each change is applied to
 * this instance's price index at once; other instances pick it up on their next refresh
 * ({@code dispatch.pricing.refresh-interval}, 5 s).
 */
@Repository
public class ZoneAdministration {

    private final JdbcTemplate jdbc;
    private final Pricing pricing;

    public ZoneAdministration(JdbcTemplate jdbc, Pricing pricing) {
        this.jdbc = jdbc;
        this.pricing = pricing;
    }

    /** Creates or replaces the zone; true when it is new. */
    @Transactional
    public boolean put(Zone zone) {
        boolean existed = Boolean.TRUE.equals(jdbc.queryForObject(
                "select exists (select 1 from command.zones where id = ?)", Boolean.class, zone.id()));
        jdbc.update(
                """
        insert into command.zones (id, name, priority, polygon_wkt, base_fee_cents, per_km_cents, min_fee_cents,
          detour_factor, avg_speed_kmh, target_pickup_seconds, target_delivery_seconds)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        on conflict (id) do update set name = excluded.name, priority = excluded.priority,
          polygon_wkt = excluded.polygon_wkt, base_fee_cents = excluded.base_fee_cents,
          per_km_cents = excluded.per_km_cents, min_fee_cents = excluded.min_fee_cents,
          detour_factor = excluded.detour_factor, avg_speed_kmh = excluded.avg_speed_kmh,
          target_pickup_seconds = excluded.target_pickup_seconds,
          target_delivery_seconds = excluded.target_delivery_seconds""",
                withSchedule(
                        zone.schedule(),
                        zone.id(),
                        zone.name(),
                        zone.priority(),
                        new WKTWriter().write(zone.polygon())));
        reloadAfterCommit();
        return !existed;
    }

    public List<Zone> zones() {
        return pricing.reload().zones().zones();
    }

    @Transactional
    public boolean delete(String zoneId) {
        boolean deleted = jdbc.update("delete from command.zones where id = ?", zoneId) == 1;
        reloadAfterCommit();
        return deleted;
    }

    public PricingSchedule defaults() {
        return pricing.reload().defaults();
    }

    @Transactional
    public void putDefaults(PricingSchedule s) {
        jdbc.update("""
        update command.pricing_default set base_fee_cents = ?, per_km_cents = ?, min_fee_cents = ?,
          detour_factor = ?, avg_speed_kmh = ?, target_pickup_seconds = ?, target_delivery_seconds = ?
         where id = 1""", withSchedule(s));
        reloadAfterCommit();
    }

    /**
     * The statement's arguments: {@code leading} ones, then the schedule's in the column order both
     * tables share (base_fee_cents ... target_delivery_seconds).
     */
    private static Object[] withSchedule(PricingSchedule s, Object... leading) {
        Object[] schedule = {
            s.baseFeeCents(),
            s.perKmCents(),
            s.minFeeCents(),
            s.detourFactor(),
            s.avgSpeedKmh(),
            s.targetPickupSeconds(),
            s.targetDeliverySeconds()
        };
        Object[] arguments = Arrays.copyOf(leading, leading.length + schedule.length);
        System.arraycopy(schedule, 0, arguments, leading.length, schedule.length);
        return arguments;
    }

    private void reloadAfterCommit() {
        org.springframework.transaction.support.TransactionSynchronizationManager.registerSynchronization(
                new org.springframework.transaction.support.TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        pricing.reload();
                    }
                });
    }
}
