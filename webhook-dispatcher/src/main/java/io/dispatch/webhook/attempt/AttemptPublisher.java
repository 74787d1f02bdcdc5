package io.dispatch.webhook.attempt;

import io.dispatch.events.Actor;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.events.codec.EventEnvelopeSerializer;
import io.dispatch.kafka.ReliableProducers;
import io.dispatch.webhook.loop.LoopLifecycle;
import io.dispatch.webhook.notification.Notifications;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Puts notification state changes onto the webhook-attempts topic. The notifications table is
 * the outbox: a row whose revision is ahead of its published revision is sent (its newest
 * state, as {@code webhook.attempt_recorded} with sequence = revision, key = delivery id), and
 * marked published only after the broker acknowledged it. A crash in between sends the same
 * revision again, byte for byte (the event id derives from notification and revision); the
 * projection keeps the highest revision, so repeats and skipped intermediate states are harmless.
 */
@Component
public class AttemptPublisher extends LoopLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AttemptPublisher.class);
    static final int BATCH = 500;

    private final Notifications notifications;
    private final KafkaProperties kafka;
    private final LongAdder published = new LongAdder();
    private KafkaProducer<String, EventEnvelope> producer;

    public AttemptPublisher(Notifications notifications, KafkaProperties kafka) {
        super(
                "webhook-attempt-publisher",
                Duration.ofMillis(500),
                log,
                "Publishing webhook attempts failed; retrying in 1 s");
        this.notifications = notifications;
        this.kafka = kafka;
    }

    /** Attempt events this process has put on the topic since it started (the operator's stats). */
    public long publishedSinceStart() {
        return published.sum();
    }

    /** Started before and stopped after the sender, so the sender never records into a stopped outbox loop. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1000;
    }

    @Override
    protected void opening() {
        Map<String, Object> config = ReliableProducers.settings(
                kafka, "webhook-attempts-" + UUID.randomUUID(), Map.of(ProducerConfig.LINGER_MS_CONFIG, 5));
        producer = new KafkaProducer<>(config, new StringSerializer(), new EventEnvelopeSerializer());
    }

    /**
     * No last flush here: whatever is not yet published stays marked so in the table and goes out
     * after the next start, and a flush could hang on a broker that is shutting down too.
     */
    @Override
    protected void loopEnded() {
        producer.close(Duration.ofSeconds(2));
    }

    @Override
    protected boolean round() throws InterruptedException {
        return publishBatch() == BATCH;
    }

    int publishBatch() throws InterruptedException {
        List<Notifications.State> states = notifications.unpublished(BATCH);
        List<Future<RecordMetadata>> acks = new ArrayList<>(states.size());
        for (Notifications.State state : states) {
            EventEnvelope envelope = envelope(state);
            acks.add(producer.send(
                    new ProducerRecord<>(Topics.WEBHOOK_ATTEMPTS.name(), Topics.keyOf(state.dispatchId()), envelope)));
        }
        List<Notifications.State> acknowledged = new ArrayList<>(states.size());
        try {
            for (int i = 0; i < states.size(); i++) {
                try {
                    acks.get(i).get(30, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    throw new IllegalStateException("webhook-attempts send not acknowledged", e);
                }
                acknowledged.add(states.get(i));
            }
        } finally {
            // what the broker acknowledged is marked even when a later send failed: one statement per batch
            notifications.markPublished(acknowledged);
        }
        published.add(states.size());
        return states.size();
    }

    static EventEnvelope envelope(Notifications.State state) {
        WebhookAttemptRecorded event = new WebhookAttemptRecorded(
                state.dispatchId(),
                state.merchantId(),
                state.updatedAt().truncatedTo(java.time.temporal.ChronoUnit.MILLIS),
                Actor.system(),
                state.id(),
                state.event(),
                state.status(),
                state.attemptCount(),
                state.lastHttpStatus(),
                state.lastError(),
                state.nextAttemptAt(),
                state.createdAt());
        UUID eventId = UUID.nameUUIDFromBytes((state.id() + "#" + state.revision()).getBytes(StandardCharsets.UTF_8));
        return EventEnvelope.of(eventId, state.revision(), event);
    }
}
