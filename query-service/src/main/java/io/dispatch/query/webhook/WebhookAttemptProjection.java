package io.dispatch.query.webhook;

import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.query.freshness.PositionedProjection;
import io.dispatch.query.freshness.ProjectionPositions;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Projects webhook-attempts into webhook_attempts: one row per notification at its highest
 * reported revision, and the partition position in the same transaction (so reads can wait
 * for it). Idempotent: a repeated or older report changes nothing.
 */
@Component
public class WebhookAttemptProjection extends PositionedProjection {

  public static final String NAME = "query-service.webhook-attempts";

  private final ApplyTimer applyTimer;
  private final WebhookAttemptRows rows;
  private final TransactionalOperator transactions;

  public WebhookAttemptProjection(
      WebhookAttemptRows rows, ProjectionPositions positions, TransactionalOperator queryTransactions,
      ApplyTimer applyTimer) {
    super(NAME, positions);
    this.applyTimer = applyTimer;
    this.rows = rows;
    this.transactions = queryTransactions;
  }

  @KafkaListener(
      id = NAME,
      groupId = NAME,
      topics = "webhook-attempts",
      containerFactory = "queryWebhookAttemptsListenerContainerFactory")
  public void on(ConsumerRecord<String, EventEnvelope> record) {
    applyTimer.time("webhook_attempts",
        () -> apply(record.value(), record.partition(), record.offset()).block(Duration.ofSeconds(60)));
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
