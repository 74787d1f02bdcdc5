package io.dispatch.query.rider;

import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.query.freshness.ProjectionPositions;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.web.kafka.EventListenerContainers;
import java.time.Duration;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Every rider fix from rider-positions into the newest position per rider, the part of the
 * tracking read model that moves. A fix older than the stored one (re-delivered, or uploaded
 * late by the device) changes nothing. The partition position is written in the same transaction,
 * so a projection rebuild knows exactly which fixes the live table holds.
 */
@Component
public class RiderPositionProjection {

  public static final String NAME = "query-service.rider-positions";

  private final ApplyTimer applyTimer;
  private final DatabaseClient db;
  private final ProjectionPositions positions;
  private final TransactionalOperator transactions;

  public RiderPositionProjection(DatabaseClient queryDatabaseClient, ApplyTimer applyTimer,
      ProjectionPositions positions, TransactionalOperator queryTransactions) {
    this.applyTimer = applyTimer;
    this.db = queryDatabaseClient;
    this.positions = positions;
    this.transactions = queryTransactions;
  }

  @Bean
  static ConcurrentKafkaListenerContainerFactory<String, RiderPositionReported> riderPositionsContainerFactory(
      KafkaProperties properties, @Value("${dispatch.query.consumer-concurrency:2}") int concurrency) {
    return EventListenerContainers.create(properties, concurrency, new RiderPositionCodec.Reader());
  }

  @KafkaListener(
      id = NAME,
      groupId = NAME,
      topics = "rider-positions",
      containerFactory = "riderPositionsContainerFactory")
  public void on(ConsumerRecord<String, RiderPositionReported> record) {
    Mono<Void> change = record.value() == null ? Mono.empty() : apply(record.value());
    applyTimer.time("rider_positions", () -> change
        .then(positions.advance(NAME, Topics.RIDER_POSITIONS.name(), record.partition(), record.offset() + 1))
        .as(transactions::transactional)
        .block(Duration.ofSeconds(60)));
  }

  public Mono<Void> apply(RiderPositionReported fix) {
    return db.sql("""
            insert into query.rider_positions (rider_id, latitude, longitude, recorded_at, received_at)
            values (:rider, :lat, :lng, :recorded, :received)
            on conflict (rider_id) do update set latitude = excluded.latitude, longitude = excluded.longitude,
              recorded_at = excluded.recorded_at, received_at = excluded.received_at
             where query.rider_positions.recorded_at <= excluded.recorded_at""")
        .bind("rider", fix.riderId())
        .bind("lat", fix.latitude())
        .bind("lng", fix.longitude())
        .bind("recorded", fix.recordedAt())
        .bind("received", fix.receivedAt())
        .then();
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
