package io.dispatch.query.rider;

import io.dispatch.events.RiderPositionReported;
import io.dispatch.query.SqlArrays;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Writes rider fixes into a rider_positions table (the live one, or the rebuild's): per rider
 * only the fix with the newest recorded time (the later of equals), in one multi-row upsert that
 * never replaces a newer fix already stored. A re-delivered or late fix changes nothing.
 */
public final class RiderPositionRows {

    private RiderPositionRows() {}

    /** Per rider, the newest of the fixes, in order of first appearance. */
    public static Collection<RiderPositionReported> newest(Iterable<RiderPositionReported> fixes) {
        Map<UUID, RiderPositionReported> newest = new LinkedHashMap<>();
        for (RiderPositionReported fix : fixes) {
            newest.merge(
                    fix.riderId(), fix, (kept, later) -> later.recordedAt().isBefore(kept.recordedAt()) ? kept : later);
        }
        return newest.values();
    }

    /** Upserts the newest fix per rider into {@code schema}.rider_positions. */
    public static void upsert(Connection connection, String schema, Iterable<RiderPositionReported> fixes)
            throws SQLException {
        SqlArrays rows = new SqlArrays(5);
        for (RiderPositionReported fix : newest(fixes)) {
            rows.row(fix.riderId(), fix.latitude(), fix.longitude(), fix.recordedAt(), fix.receivedAt());
        }
        if (rows.isEmpty()) {
            return;
        }
        rows.execute(connection, """
        insert into %s.rider_positions (rider_id, latitude, longitude, recorded_at, received_at)
        select * from unnest(?::uuid[], ?::float8[], ?::float8[], ?::timestamptz[], ?::timestamptz[])
        on conflict (rider_id) do update set latitude = excluded.latitude, longitude = excluded.longitude,
          recorded_at = excluded.recorded_at, received_at = excluded.received_at
         where %s.rider_positions.recorded_at <= excluded.recorded_at""".formatted(schema, schema));
    }
}
