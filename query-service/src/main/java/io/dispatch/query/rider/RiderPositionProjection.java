package io.dispatch.query.rider;

import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.query.QueryProperties;
import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.query.freshness.ProjectionPositions;
import io.dispatch.web.kafka.EventListenerContainers;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Every rider fix from rider-positions into the newest position per rider, the part of the
 * tracking read model that moves. A whole poll is applied in one JDBC transaction: per rider the
 * newest fix of the poll, in one multi-row upsert that never replaces a newer stored fix
 * ({@link RiderPositionRows}, which the rebuild writes with too), and the partitions' positions,
 * so a projection rebuild knows exactly which fixes the live table holds. A fix older than the
 * stored one (re-delivered, or uploaded late by the device) changes nothing.
 */
@Component
public class RiderPositionProjection {

  public static final String NAME = "query-service.rider-positions";
  private static final String VIEW = "rider_positions";

  private final ApplyTimer applyTimer;
  private final DatabaseClient db;
  private final DataSource dataSource;

  public RiderPositionProjection(DatabaseClient queryDatabaseClient, ApplyTimer applyTimer, DataSource dataSource) {
    this.applyTimer = applyTimer;
    this.db = queryDatabaseClient;
    this.dataSource = dataSource;
  }

  @Bean
  static ConcurrentKafkaListenerContainerFactory<String, RiderPositionReported> riderPositionsContainerFactory(
      KafkaProperties properties, QueryProperties settings) {
    return EventListenerContainers.create(properties, settings.consumerConcurrency(), new RiderPositionCodec.Reader());
  }

  @KafkaListener(
      id = NAME,
      groupId = NAME,
      topics = "rider-positions",
      containerFactory = "riderPositionsContainerFactory",
      batch = "true")
  public void on(List<ConsumerRecord<String, RiderPositionReported>> records) {
    List<RiderPositionReported> fixes = new ArrayList<>(records.size());
    Map<Integer, Long> next = new TreeMap<>();
    for (ConsumerRecord<String, RiderPositionReported> record : records) {
      if (record.value() != null) {
        fixes.add(record.value());
      }
      next.merge(record.partition(), record.offset() + 1, Math::max);
    }
    applyTimer.timeEach(VIEW, records.size(), () -> commit(fixes, next));
  }

  private void commit(List<RiderPositionReported> fixes, Map<Integer, Long> next) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        RiderPositionRows.upsert(connection, "query", fixes);
        ProjectionPositions.advance(connection, NAME, Topics.RIDER_POSITIONS.name(), next);
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("applying " + fixes.size() + " rider fix(es) failed: " + e.getMessage(), e);
    }
  }

  /** The newest position of a rider, if one ever arrived. */
  public Mono<RiderPositionReported> latest(UUID riderId) {
    return db.sql("select latitude, longitude, recorded_at, received_at from query.rider_positions where rider_id = :rider")
        .bind("rider", riderId)
        .map(row -> new RiderPositionReported(riderId, row.get("latitude", Double.class), row.get("longitude", Double.class),
            row.get("recorded_at", java.time.Instant.class), row.get("received_at", java.time.Instant.class), null))
        .one();
  }
}
