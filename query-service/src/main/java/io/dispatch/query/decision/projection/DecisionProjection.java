package io.dispatch.query.decision.projection;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.kafka.recovery.RecordCodec;
import io.dispatch.query.dispatch.projection.DispatchBatch;
import io.dispatch.query.dispatch.projection.LiveSkips;
import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.query.freshness.PositionedProjection;
import io.dispatch.query.freshness.ProjectionPositions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

/**
 * Projects the dispatch engine's decisions on dispatch-events (decisions.md section 14) into {@code
 * dispatch_decisions}, {@code dispatch_offers} and {@code dispatching} through {@link
 * DecisionBatch}, the writer the rebuild uses too, in a consumer group of its own so it catches up
 * (or lags) without holding the deliveries table back. A whole poll in one transaction; idempotent
 * per delivery by sequence. The figures it met are counted in {@link DecisionMetrics} once the
 * transaction has committed.
 */
@Component
public class DecisionProjection extends PositionedProjection<EventEnvelope> {

    public static final String NAME = "query-service.decisions";
    private static final Logger log = LoggerFactory.getLogger(DecisionProjection.class);

    /** An event of a delivery whose creation this projection never saw is logged and passed over; the fold refuses nothing. */
    private static final DispatchBatch.Skipped LIVE = new LiveSkips(log, " in the decisions");

    private final DecisionBatch batch;
    private final DecisionMetrics metrics;

    public DecisionProjection(
            ProjectionPositions positions,
            ApplyTimer applyTimer,
            DataSource dataSource,
            ObjectMapper json,
            DecisionMetrics metrics) {
        super(
                NAME,
                Topics.DISPATCH_EVENTS.name(),
                "decisions",
                "queryListenerContainerFactory",
                RecordCodec.EVENTS,
                positions,
                dataSource,
                applyTimer);
        this.batch = new DecisionBatch(json);
        this.metrics = metrics;
    }

    @Override
    protected void write(Connection connection, List<EventEnvelope> envelopes) throws SQLException {
        batch.apply(connection, "query", envelopes, LIVE, true);
    }

    @Override
    protected Runnable writeThen(Connection connection, List<EventEnvelope> envelopes) throws SQLException {
        List<DecisionOutcome> outcomes = batch.apply(connection, "query", envelopes, LIVE, true);
        return () -> metrics.count(outcomes);
    }
}
