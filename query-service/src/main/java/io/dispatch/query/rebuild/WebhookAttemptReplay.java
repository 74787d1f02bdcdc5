package io.dispatch.query.rebuild;

import io.dispatch.events.Topics;
import io.dispatch.query.webhook.WebhookAttemptBatch;
import io.dispatch.query.webhook.WebhookAttemptProjection;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * webhook-attempts into the fresh webhook_attempts through {@link WebhookAttemptBatch}, the live
 * projection's writer.
 */
final class WebhookAttemptReplay implements ReplayedProjection {

    @Override
    public String topic() {
        return Topics.WEBHOOK_ATTEMPTS.name();
    }

    @Override
    public List<String> tables() {
        return List.of("webhook_attempts");
    }

    @Override
    public Map<Integer, Long> livePositions(Connection connection) throws SQLException {
        return LivePositions.of(connection, WebhookAttemptProjection.NAME, topic());
    }

    @Override
    public void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records, Skips skips)
            throws SQLException {
        WebhookAttemptBatch.apply(connection, schema, Decoded.envelopes(records, skips));
    }
}
