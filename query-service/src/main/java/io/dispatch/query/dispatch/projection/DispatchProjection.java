package io.dispatch.query.dispatch.projection;

import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.view.DispatchView;
import io.dispatch.events.view.StatusTransition;
import io.dispatch.query.dispatch.DispatchBatch;
import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.query.freshness.PositionedProjection;
import io.dispatch.query.freshness.ProjectionPositions;
import io.dispatch.web.request.LogContext;
import io.dispatch.web.kafka.recovery.Faults;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;
import javax.sql.DataSource;

/**
 * Projects dispatch-events into the deliveries table and the status history. Idempotent: an
 * event at or below the row's last applied sequence changes nothing, so re-delivery and a
 * replay from the start of the log give the same tables. A poll's rows, history entries and
 * partition positions are written in one transaction through {@link DispatchBatch} (the writer
 * the rebuild uses too); a replayed dead letter, or a record of a batch that failed, goes
 * through {@link #apply} alone. The history has one entry per status transition: location
 * updates and the PIN guard's events change the row only.
 */
@Component
public class DispatchProjection extends PositionedProjection {

  public static final String NAME = "query-service.dispatches";
  private static final Logger log = LoggerFactory.getLogger(DispatchProjection.class);
  private static final Duration WAIT = Duration.ofSeconds(60);

  private final ApplyTimer applyTimer;
  private final DispatchRows rows;
  private final TransactionalOperator transactions;
  private final DataSource dataSource;
  private final DispatchBatch batch;

  public DispatchProjection(
      DispatchRows rows, ProjectionPositions positions, TransactionalOperator transactions, ApplyTimer applyTimer,
      DataSource dataSource, ObjectMapper json) {
    super(NAME, positions);
    this.applyTimer = applyTimer;
    this.rows = rows;
    this.transactions = transactions;
    this.dataSource = dataSource;
    this.batch = new DispatchBatch(json);
  }

  /**
   * A whole poll in one transaction: its events in log order, then each partition's position,
   * so a busy partition costs one commit per poll rather than one per event (issue 17: a bulk of
   * 500 kept reads of its partitions waiting for seconds). When the batch fails for a passing
   * reason (the database away) the container retries it from its first record; for any other
   * reason its records are applied one by one, each in its own transaction, to find the one that
   * fails, which the container retries a few times and then dead-letters, as before.
   */
  @KafkaListener(
      id = NAME,
      groupId = NAME,
      topics = "dispatch-events",
      containerFactory = "queryListenerContainerFactory",
      batch = "true")
  public void on(List<ConsumerRecord<String, EventEnvelope>> records) {
    if (records.isEmpty()) {
      return;
    }
    try {
      applyTimer.timeEach("deliveries", records.size(), () -> applyAll(records));
    } catch (RuntimeException batchFailure) {
      if (Faults.passing(batchFailure)) {
        throw new BatchListenerFailedException("applying a batch failed", batchFailure, records.get(0));
      }
      for (ConsumerRecord<String, EventEnvelope> record : records) {
        try (var logged = LogContext.dispatch(record.key())) {
          if (record.value() == null) {
            throw new IllegalArgumentException("unreadable record");
          }
          applyTimer.time("deliveries", () -> apply(record.value(), record.partition(), record.offset()).block(WAIT));
        } catch (RuntimeException failure) {
          throw new BatchListenerFailedException("applying " + record.topic() + "-" + record.partition() + "@"
              + record.offset() + " failed", failure, record);
        }
      }
    }
  }

  /**
   * The poll's events through {@link DispatchBatch} (one read of its deliveries, one upsert per
   * table) and each partition's next position, in one JDBC transaction.
   */
  private void applyAll(List<ConsumerRecord<String, EventEnvelope>> records) {
    Map<Integer, Long> next = new TreeMap<>();
    List<EventEnvelope> envelopes = new ArrayList<>(records.size());
    for (ConsumerRecord<String, EventEnvelope> record : records) {
      if (record.value() == null) {
        throw new IllegalArgumentException("unreadable record at " + record.topic() + "-" + record.partition() + "@"
            + record.offset());
      }
      envelopes.add(record.value());
      next.merge(record.partition(), record.offset() + 1, Math::max);
    }
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        batch.apply(connection, "query", envelopes, LIVE, true);
        try (PreparedStatement advance = connection.prepareStatement("""
            insert into query.projection_positions (projection, topic, partition, next_offset)
            values (?, ?, ?, ?)
            on conflict (projection, topic, partition)
            do update set next_offset = greatest(query.projection_positions.next_offset, excluded.next_offset)""")) {
          for (var position : next.entrySet()) {
            advance.setString(1, NAME);
            advance.setString(2, Topics.DISPATCH_EVENTS.name());
            advance.setInt(3, position.getKey());
            advance.setLong(4, position.getValue());
            advance.addBatch();
          }
          advance.executeBatch();
        }
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("applying " + records.size() + " events failed: " + e.getMessage(), e);
    }
  }

  /** The live rules for what the fold passes over: logged and skipped, or refused (and so dead-lettered). */
  private static final DispatchBatch.Skipped LIVE = new DispatchBatch.Skipped() {
    @Override
    public void beforeCreation(EventEnvelope envelope) {
      log.warn("Skipping {} #{} of {}: the delivery's creation was never projected",
          envelope.type(), envelope.sequence(), envelope.dispatchId());
    }

    @Override
    public void refused(EventEnvelope envelope, IllegalArgumentException reason) {
      throw reason;
    }
  };

  @Override
  public Mono<Void> apply(EventEnvelope envelope, int partition, long offset) {
    Mono<Void> change = envelope.event() instanceof DispatchLifecycleEvent ? project(envelope) : Mono.empty();
    return change
        .then(positions.advance(NAME, Topics.DISPATCH_EVENTS.name(), partition, offset + 1))
        .as(transactions::transactional);
  }

  private Mono<Void> project(EventEnvelope envelope) {
    return rows.lockCurrent(envelope.dispatchId())
        .map(current -> next(current, envelope))
        .switchIfEmpty(Mono.fromSupplier(() -> created(envelope)))
        .flatMap(change -> change);
  }

  private Mono<Void> next(DispatchView current, EventEnvelope envelope) {
    if (envelope.sequence() <= current.sequence()) {
      return Mono.empty();
    }
    DispatchView next = current.apply(envelope);
    Mono<Void> history = StatusTransition.isTransition(envelope)
        ? rows.recordTransition(envelope, next.status(), current.status())
        : Mono.empty();
    return rows.update(next).then(history);
  }

  private Mono<Void> created(EventEnvelope envelope) {
    if (!(envelope.event() instanceof DispatchCreated)) {
      log.warn("Skipping {} #{} of {}: the delivery's creation was never projected",
          envelope.type(), envelope.sequence(), envelope.dispatchId());
      return Mono.empty();
    }
    DispatchView view = DispatchView.created(envelope);
    return rows.insert(view).then(rows.recordTransition(envelope, view.status(), null));
  }
}
