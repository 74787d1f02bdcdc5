package io.dispatch.query.rebuild;

import io.dispatch.events.Topics;
import io.dispatch.query.dispatch.projection.DispatchBatch;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.ObjectMapper;

/**
 * dispatch-events into the fresh deliveries and history tables through {@link DispatchBatch}, the
 * writer {@link DispatchProjection} uses too: the same view, the same history entries; what the
 * rules pass over is counted as a skip.
 */
final class DispatchReplay extends ReplayedProjection {

    private final DispatchBatch batch;

    DispatchReplay(ObjectMapper json) {
        super(Topics.DISPATCH_EVENTS, DispatchProjection.NAME, List.of("dispatches", "dispatch_history"));
        this.batch = new DispatchBatch(json);
    }

    @Override
    void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records, Skips skips)
            throws SQLException {
        batch.apply(connection, schema, Decoded.envelopes(records, skips), skips.ofDeliveryEvents(), false);
    }
}
