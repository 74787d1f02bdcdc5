package io.dispatch.query.webhook;

import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.query.freshness.PositionedProjection;
import io.dispatch.query.freshness.ProjectionPositions;
import java.util.List;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Projects webhook-attempts into webhook_attempts: one row per notification at its highest
 * reported revision, and the partition position in the same transaction (so reads can wait
 * for it), a whole poll at a time. Idempotent: a repeated or older report changes nothing.
 */
@Component
public class WebhookAttemptProjection extends PositionedProjection {

  public static final String NAME = "query-service.webhook-attempts";

  private final ApplyTimer applyTimer;
  private final WebhookAttemptRows rows;
  private final TransactionalOperator transactions;
  private final DataSource dataSource;

  public WebhookAttemptProjection(
      WebhookAttemptRows rows, ProjectionPositions positions, TransactionalOperator queryTransactions,
      ApplyTimer applyTimer, DataSource dataSource) {
    super(NAME, positions);
    this.applyTimer = applyTimer;
    this.rows = rows;
    this.transactions = queryTransactions;
    this.dataSource = dataSource;
  }

  /** A whole poll in one transaction through {@link WebhookAttemptBatch} ({@link #applyPoll}). */
  @KafkaListener(
      id = NAME,
      groupId = NAME,
      topics = "webhook-attempts",
      containerFactory = "queryWebhookAttemptsListenerContainerFactory",
      batch = "true")
  public void on(List<ConsumerRecord<String, EventEnvelope>> records) {
    applyPoll(Topics.WEBHOOK_ATTEMPTS.name(), "webhook_attempts", records, dataSource, applyTimer,
        (connection, envelopes) -> WebhookAttemptBatch.apply(connection, "query", envelopes));
  }

  @Override
  public Mono<Void> apply(EventEnvelope envelope, int partition, long offset) {
    Mono<Void> change = envelope.event() instanceof WebhookAttemptRecorded attempt
        ? rows.upsert(envelope, attempt)
        : Mono.empty();
    return change
        .then(positions.advance(NAME, Topics.WEBHOOK_ATTEMPTS.name(), partition, offset + 1))
        .as(transactions::transactional);
  }
}
