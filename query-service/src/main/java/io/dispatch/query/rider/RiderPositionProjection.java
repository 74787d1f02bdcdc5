package io.dispatch.query.rider;

import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.kafka.EventListenerContainers;
import io.dispatch.kafka.recovery.RecordCodec;
import io.dispatch.kafka.recovery.RecordRecovery;
import io.dispatch.kafka.recovery.RecoverableListenerContainers;
import io.dispatch.query.QueryProperties;
import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.query.freshness.PositionedProjection;
import io.dispatch.query.freshness.ProjectionPositions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Every rider fix from rider-positions into the newest position per rider, the part of the
 * tracking read model that moves. It is a {@link PositionedProjection} like the others: a whole
 * poll in one JDBC transaction (per rider the poll's newest fix, in one multi-row upsert that never
 * replaces a newer stored fix: {@link RiderPositionRows}, which the rebuild writes with too) with
 * the partitions' positions, so a rebuild knows exactly which fixes the live table holds; it
 * resumes from those positions, and a fix it cannot store is retried, then dead-lettered and
 * replayable like any event. A fix older than the stored one (re-delivered, or uploaded late by the
 * device) changes nothing.
 */
@Component
public class RiderPositionProjection extends PositionedProjection<RiderPositionReported> {

    public static final String NAME = "query-service.rider-positions";
    /** How fixes are read from the topic and kept in a dead letter: the topic's own JSON. */
    static final RecordCodec<RiderPositionReported> FIXES = new RecordCodec<>(
            RiderPositionReported.class, new RiderPositionCodec.Writer(), new RiderPositionCodec.Reader());

    private final DatabaseClient db;

    public RiderPositionProjection(
            DatabaseClient queryDatabaseClient,
            ProjectionPositions positions,
            ApplyTimer applyTimer,
            DataSource dataSource) {
        super(
                NAME,
                Topics.RIDER_POSITIONS.name(),
                "rider_positions",
                "riderPositionProjectionContainerFactory",
                FIXES,
                positions,
                dataSource,
                applyTimer);
        this.db = queryDatabaseClient;
    }

    /** The tracking hub's per-instance fan-out reads the same topic without positions or dead letters. */
    @Bean
    static ConcurrentKafkaListenerContainerFactory<String, RiderPositionReported> riderPositionsContainerFactory(
            KafkaProperties properties, QueryProperties settings) {
        return EventListenerContainers.create(properties, settings.consumerConcurrency(), FIXES.reader());
    }

    @Bean
    static ConcurrentKafkaListenerContainerFactory<String, RiderPositionReported>
            riderPositionProjectionContainerFactory(
                    KafkaProperties properties, QueryProperties settings, RecordRecovery recovery) {
        return RecoverableListenerContainers.create(
                properties, settings.consumerConcurrency(), FIXES.reader(), recovery);
    }

    @Override
    protected void write(Connection connection, List<RiderPositionReported> fixes) throws SQLException {
        RiderPositionRows.upsert(connection, "query", fixes);
    }

    /** The newest position of a rider, if one ever arrived. */
    public Mono<RiderPositionReported> latest(UUID riderId) {
        return db.sql(
                        "select latitude, longitude, recorded_at, received_at from query.rider_positions where rider_id = :rider")
                .bind("rider", riderId)
                .map(row -> new RiderPositionReported(
                        riderId,
                        row.get("latitude", Double.class),
                        row.get("longitude", Double.class),
                        row.get("recorded_at", java.time.Instant.class),
                        row.get("received_at", java.time.Instant.class),
                        null))
                .one();
    }
}
