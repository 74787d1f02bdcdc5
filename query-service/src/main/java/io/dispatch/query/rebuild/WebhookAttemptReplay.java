package io.dispatch.query.rebuild;

import io.dispatch.events.Topics;
import io.dispatch.query.webhook.WebhookAttemptBatch;
import io.dispatch.query.webhook.WebhookAttemptProjection;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * webhook-attempts into the fresh webhook_attempts through {@link WebhookAttemptBatch}, the live
 * projection's writer.
 */
final class WebhookAttemptReplay extends ReplayedProjection {

    WebhookAttemptReplay() {
        super(Topics.WEBHOOK_ATTEMPTS, WebhookAttemptProjection.NAME, List.of("webhook_attempts"));
    }

    @Override
    void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records, Skips skips)
            throws SQLException {
        WebhookAttemptBatch.apply(connection, schema, Decoded.envelopes(records, skips));
    }
}
