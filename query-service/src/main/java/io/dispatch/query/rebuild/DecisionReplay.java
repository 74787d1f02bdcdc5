package io.dispatch.query.rebuild;

import io.dispatch.events.Topics;
import io.dispatch.query.decision.projection.DecisionBatch;
import io.dispatch.query.decision.projection.DecisionProjection;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.ObjectMapper;

/**
 * dispatch-events into the fresh decisions, offers and dispatching tables through {@link
 * DecisionBatch}, the writer {@link DecisionProjection} uses too. What it would count in the
 * metrics is dropped: a rebuild replays the past.
 */
final class DecisionReplay extends ReplayedProjection {

    private final DecisionBatch batch;

    DecisionReplay(ObjectMapper json) {
        super(
                Topics.DISPATCH_EVENTS,
                DecisionProjection.NAME,
                List.of("dispatching", "dispatch_decisions", "dispatch_offers"));
        this.batch = new DecisionBatch(json);
    }

    @Override
    void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records, Skips skips)
            throws SQLException {
        batch.apply(connection, schema, Decoded.envelopes(records, skips), skips.ofDeliveryEvents(), false);
    }
}
