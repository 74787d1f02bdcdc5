package io.dispatch.query.dispatch.projection;

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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

/**
 * Projects dispatch-events into the deliveries table and the status history through
 * {@link DispatchBatch}, the writer the rebuild uses too: a whole poll in one transaction (a bulk
 * of 500 no longer holds reads of its partitions back for seconds, issue 17), a replayed dead
 * letter alone. Idempotent: an event at or below the row's last applied sequence changes nothing,
 * so re-delivery and a replay from the start of the log give the same tables. The history has one
 * entry per status transition: location updates and the PIN guard's events change the row only.
 * An event the fold refuses fails (and is dead-lettered); one of a delivery whose creation was
 * never projected is logged and skipped.
 */
@Component
public class DispatchProjection extends PositionedProjection<EventEnvelope> {

    public static final String NAME = "query-service.dispatches";
    private static final Logger log = LoggerFactory.getLogger(DispatchProjection.class);

    /** The live rules for what the fold passes over: logged and skipped, or refused (and so dead-lettered). */
    private static final DispatchBatch.Skipped LIVE = new LiveSkips(log, "");

    private final DispatchBatch batch;

    public DispatchProjection(
            ProjectionPositions positions, ApplyTimer applyTimer, DataSource dataSource, ObjectMapper json) {
        super(
                NAME,
                Topics.DISPATCH_EVENTS.name(),
                "deliveries",
                "queryListenerContainerFactory",
                RecordCodec.EVENTS,
                positions,
                dataSource,
                applyTimer);
        this.batch = new DispatchBatch(json);
    }

    @Override
    protected void write(Connection connection, List<EventEnvelope> envelopes) throws SQLException {
        batch.apply(connection, "query", envelopes, LIVE, true);
    }
}
