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
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
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
   * A whole poll in one transaction through {@link DispatchBatch} (one read of its deliveries,
   * one upsert per table) and each partition's position ({@link #applyPoll}): a bulk of 500 no
   * longer holds reads of its partitions back for seconds (issue 17).
   */
  @KafkaListener(
      id = NAME,
      groupId = NAME,
      topics = "dispatch-events",
      containerFactory = "queryListenerContainerFactory",
      batch = "true")
  public void on(List<ConsumerRecord<String, EventEnvelope>> records) {
    applyPoll(Topics.DISPATCH_EVENTS.name(), "deliveries", records, dataSource, applyTimer,
        (connection, envelopes) -> batch.apply(connection, "query", envelopes, LIVE, true));
  }

  @Override
  public Mono<Void> apply(EventEnvelope envelope, int partition, long offset) {
    Mono<Void> change = envelope.event() instanceof DispatchLifecycleEvent ? project(envelope) : Mono.empty();
    return change
        .then(positions.advance(NAME, Topics.DISPATCH_EVENTS.name(), partition, offset + 1))
        .as(transactions::transactional);
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
