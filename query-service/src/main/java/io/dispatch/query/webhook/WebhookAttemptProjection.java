package io.dispatch.query.webhook;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.kafka.recovery.RecordCodec;
import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.query.freshness.PositionedProjection;
import io.dispatch.query.freshness.ProjectionPositions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.stereotype.Component;

/**
 * Projects webhook-attempts into webhook_attempts through {@link WebhookAttemptBatch} (the
 * rebuild's writer): one row per notification at its highest reported revision, and the partition
 * position in the same transaction (so reads can wait for it), a whole poll at a time.
 * Idempotent: a repeated or older report changes nothing.
 */
@Component
public class WebhookAttemptProjection extends PositionedProjection<EventEnvelope> {

    public static final String NAME = "query-service.webhook-attempts";

    public WebhookAttemptProjection(ProjectionPositions positions, ApplyTimer applyTimer, DataSource dataSource) {
        super(
                NAME,
                Topics.WEBHOOK_ATTEMPTS.name(),
                "webhook_attempts",
                "queryWebhookAttemptsListenerContainerFactory",
                RecordCodec.EVENTS,
                positions,
                dataSource,
                applyTimer);
    }

    @Override
    protected void write(Connection connection, List<EventEnvelope> envelopes) throws SQLException {
        WebhookAttemptBatch.apply(connection, "query", envelopes);
    }
}
