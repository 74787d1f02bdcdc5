package io.dispatch.query.rebuild;

import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.query.rider.RiderPositionProjection;
import io.dispatch.query.rider.RiderPositionRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * rider-positions into rider_positions: per rider the fix with the newest recorded time (the
 * later of equals, as the live projection's {@code <=} keeps), in one upsert that never replaces
 * a newer fix.
 */
final class RiderPositionReplay extends ReplayedProjection {

    private final RiderPositionCodec.Reader reader = new RiderPositionCodec.Reader();

    RiderPositionReplay() {
        super(Topics.RIDER_POSITIONS, RiderPositionProjection.NAME, List.of("rider_positions"));
    }

    @Override
    void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records, Skips skips)
            throws SQLException {
        List<RiderPositionReported> fixes = new ArrayList<>(records.size());
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
            fixes.add(fix);
        }
        RiderPositionRows.upsert(connection, schema, fixes);
    }
}
