package io.dispatch.query.webhook;

import io.dispatch.query.freshness.ApplyTimer;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.query.freshness.ProjectionPositions;
import io.dispatch.web.kafka.recovery.RecoverableConsumer;
import java.time.Duration;
import java.util.Map;
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
public class WebhookAttemptProjection implements RecoverableConsumer {

  public static final String NAME = "query-service.webhook-attempts";

  private final ApplyTimer applyTimer;
  private final WebhookAttemptRows rows;
  private final ProjectionPositions positions;
  private final TransactionalOperator transactions;

  public WebhookAttemptProjection(
      WebhookAttemptRows rows, ProjectionPositions positions, TransactionalOperator queryTransactions,
      ApplyTimer applyTimer) {
    this.applyTimer = applyTimer;
    this.rows = rows;
    this.positions = positions;
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
  public String group() {
    return NAME;
  }

  @Override
  public Map<Integer, Long> storedPositions(String topic) {
    return positions.of(NAME, topic).block(Duration.ofSeconds(30));
  }

  @Override
  public void passed(String topic, int partition, long offset) {
    positions.advance(NAME, topic, partition, offset + 1).block(Duration.ofSeconds(30));
  }

  @Override
  public void reapply(String topic, int partition, long offset, EventEnvelope envelope) {
    apply(envelope, partition, offset).block(Duration.ofSeconds(60));
  }

  public Mono<Void> apply(EventEnvelope envelope, int partition, long offset) {
    Mono<Void> change = envelope.event() instanceof WebhookAttemptRecorded attempt
        ? rows.upsert(envelope, attempt)
        : Mono.empty();
    return change
        .then(positions.advance(NAME, Topics.WEBHOOK_ATTEMPTS.name(), partition, offset + 1))
        .as(transactions::transactional);
  }
}
