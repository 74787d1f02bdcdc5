package io.dispatch.query.rebuild;

import io.dispatch.query.dispatch.SqlArrays;

import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.query.rider.RiderPositionProjection;
import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.sql.SQLException;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * rider-positions into rider_positions: per rider the fix with the newest recorded time (the
 * later of equals, as the live projection's {@code <=} keeps), in one upsert that never replaces
 * a newer fix.
 */
final class RiderPositionReplay implements ReplayedProjection {

  private final RiderPositionCodec.Reader reader = new RiderPositionCodec.Reader();

  @Override
  public String topic() {
    return Topics.RIDER_POSITIONS.name();
  }

  @Override
  public List<String> tables() {
    return List.of("rider_positions");
  }

  @Override
  public Map<Integer, Long> livePositions(Connection connection) throws SQLException {
    return LivePositions.of(connection, RiderPositionProjection.NAME, topic());
  }

  @Override
  public void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records,
      Skips skips) throws SQLException {
    Map<UUID, RiderPositionReported> newest = new LinkedHashMap<>();
    for (ConsumerRecord<byte[], byte[]> record : records) {
      RiderPositionReported fix;
      try {
        fix = record.value() == null ? null : reader.deserialize(record.topic(), record.value());
      } catch (RuntimeException e) {
        skips.skipped("undecodable", Decoded.where(record), e.toString());
        continue;
      }
      if (fix == null) {
        skips.skipped("empty record", Decoded.where(record), "no value");
        continue;
      }
      newest.merge(fix.riderId(), fix, (kept, later) -> later.recordedAt().isBefore(kept.recordedAt()) ? kept : later);
    }
    SqlArrays rows = new SqlArrays(5);
    for (RiderPositionReported fix : newest.values()) {
      rows.row(fix.riderId(), fix.latitude(), fix.longitude(), fix.recordedAt(), fix.receivedAt());
    }
    rows.execute(connection, """
        insert into %s.rider_positions (rider_id, latitude, longitude, recorded_at, received_at)
        select * from unnest(?::uuid[], ?::float8[], ?::float8[], ?::timestamptz[], ?::timestamptz[])
        on conflict (rider_id) do update set latitude = excluded.latitude, longitude = excluded.longitude,
          recorded_at = excluded.recorded_at, received_at = excluded.received_at
         where %s.rider_positions.recorded_at <= excluded.recorded_at""".formatted(schema, schema));
  }
}
