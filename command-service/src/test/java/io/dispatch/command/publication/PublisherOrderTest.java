package io.dispatch.command.publication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.RiderAssigned;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * The two producers of dispatch-events keep a delivery's order (issue 33). A write that appends
 * two events (a rider accepting an offer: OfferAccepted then RiderAssigned) sends the first itself
 * (its predecessor is on Kafka) and leaves the second to the publisher (its predecessor is not
 * acknowledged yet). The publisher must not send the second on its producer while the writer's
 * send of the first is still in flight on the other: the second could land first, and consumers,
 * which drop an event at or below the last sequence they applied, would drop the first (the
 * decisions read lost ACCEPTED and AUTO_ASSIGNED entries that way).
 */
class PublisherOrderTest {

    private final UUID dispatchId = UUID.randomUUID();
    private final UUID merchantId = UUID.randomUUID();
    private final UUID riderId = UUID.randomUUID();
    private final Instant at = Instant.parse("2026-11-27T10:00:00Z");

    private final PublicationTracker tracker = new PublicationTracker();
    private final Sends writerSends = new Sends(false);
    private final Sends publisherSends = new Sends(true);
    private final DirectPublication direct =
            new DirectPublication(writerSends, tracker, new PublicationProperties(true, Duration.ofSeconds(5)));
    private final PublicationWatermark watermark = new PublicationWatermark(null, null);
    private final KafkaEventPublisher publisher = new KafkaEventPublisher(publisherSends, tracker, watermark, direct);

    @AfterEach
    void stopWatermark() {
        watermark.destroy();
    }

    @Test
    void the_publisher_sends_the_second_event_of_an_append_only_once_the_writers_send_of_the_first_is_acknowledged()
            throws Exception {
        List<DomainEventMessage<DispatchEvent>> append = acceptedThenAssigned();
        writerCommits(append);
        CompletableFuture<SendResult<String, EventEnvelope>> first = writerSends.heldFor(1);
        assertThat(publisherSends.sequences())
                .as("the writer left the second to the publisher")
                .isEmpty();

        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread publishing = Thread.ofPlatform().start(() -> publishes(append, failure));
        await().atMost(Duration.ofSeconds(10))
                .until(() ->
                        !publisherSends.sequences().isEmpty() || publishing.getState() == Thread.State.TIMED_WAITING);
        writerSends.acknowledge(first);
        publishing.join(Duration.ofSeconds(10));

        assertThat(failure.get()).isNull();
        assertThat(publisherSends.sequences()).as("no copy of the first").containsExactly(2L);
        assertThat(publisherSends.predecessorAcknowledged())
                .as("the second went out after the first was on Kafka")
                .containsExactly(true);
    }

    @Test
    void a_writers_failed_send_of_the_first_fails_the_publishers_batch_before_the_second_is_sent() throws Exception {
        List<DomainEventMessage<DispatchEvent>> append = acceptedThenAssigned();
        writerCommits(append);
        CompletableFuture<SendResult<String, EventEnvelope>> first = writerSends.heldFor(1);

        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread publishing = Thread.ofPlatform().start(() -> publishes(append, failure));
        await().atMost(Duration.ofSeconds(10))
                .until(() ->
                        !publisherSends.sequences().isEmpty() || publishing.getState() == Thread.State.TIMED_WAITING);
        first.completeExceptionally(new IllegalStateException("broker away"));
        publishing.join(Duration.ofSeconds(10));

        assertThat(publisherSends.sequences())
                .as("the batch is retried from the first, which the publisher then sends itself")
                .isEmpty();
        assertThat(failure.get()).as("the batch failed").isInstanceOf(IllegalStateException.class);
    }

    /** Sequence 0 (any event) is on Kafka; the write appends 1 and 2. */
    private List<DomainEventMessage<DispatchEvent>> acceptedThenAssigned() {
        tracker.published(new PublicationTracker.Published(
                EventEnvelope.of(
                        UUID.randomUUID(),
                        0,
                        new DispatchCancelled(dispatchId, merchantId, at, Actor.system(), "stands for its creation")),
                0,
                0));
        UUID offerId = UUID.randomUUID();
        return List.of(
                message(1, new OfferAccepted(dispatchId, merchantId, at, Actor.rider(riderId), offerId, riderId)),
                message(2, new RiderAssigned(dispatchId, merchantId, at, Actor.rider(riderId), riderId, null)));
    }

    private DomainEventMessage<DispatchEvent> message(long sequence, DispatchEvent event) {
        return new GenericDomainEventMessage<>("Dispatch", dispatchId.toString(), sequence, event);
    }

    /** The write's unit of work stores the events and commits: the writer's sends follow. */
    private void writerCommits(List<DomainEventMessage<DispatchEvent>> append) {
        DefaultUnitOfWork<?> write = DefaultUnitOfWork.startAndGet(null);
        append.forEach(direct::afterCommit);
        write.commit();
    }

    /** The publisher's batch passes the events in store order; its commit is beside the point here. */
    private void publishes(List<DomainEventMessage<DispatchEvent>> append, AtomicReference<Throwable> failure) {
        DefaultUnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        try {
            for (DomainEventMessage<DispatchEvent> message : append) {
                publisher.on(message.getPayload(), message.getIdentifier(), message.getSequenceNumber(), null);
            }
        } catch (RuntimeException e) {
            failure.set(e);
        } finally {
            batch.rollback();
        }
    }

    /**
     * A producer standing in for Kafka: the writer's sends are held until the test acknowledges
     * them; the publisher's are acknowledged at once, each noting whether the delivery's previous
     * event was on Kafka by then.
     */
    private final class Sends extends KafkaTemplate<String, EventEnvelope> {

        private final boolean acknowledgeAtOnce;
        private final Map<Long, CompletableFuture<SendResult<String, EventEnvelope>>> held = new ConcurrentHashMap<>();
        private final Map<Long, ProducerRecord<String, EventEnvelope>> records = new ConcurrentHashMap<>();
        private final List<Long> sequences = new CopyOnWriteArrayList<>();
        private final List<Boolean> predecessorAcknowledged = new CopyOnWriteArrayList<>();

        Sends(boolean acknowledgeAtOnce) {
            super(new DefaultKafkaProducerFactory<>(Map.of()));
            this.acknowledgeAtOnce = acknowledgeAtOnce;
        }

        @Override
        public CompletableFuture<SendResult<String, EventEnvelope>> send(
                String topic, String key, EventEnvelope envelope) {
            long sequence = envelope.sequence();
            var record = new ProducerRecord<>(topic, key, envelope);
            sequences.add(sequence);
            predecessorAcknowledged.add(tracker.isPublished(envelope.dispatchId(), sequence - 1));
            if (acknowledgeAtOnce) {
                return CompletableFuture.completedFuture(result(record));
            }
            CompletableFuture<SendResult<String, EventEnvelope>> sent = new CompletableFuture<>();
            held.put(sequence, sent);
            records.put(sequence, record);
            return sent;
        }

        CompletableFuture<SendResult<String, EventEnvelope>> heldFor(long sequence) {
            assertThat(held).as("the writer sent #%d itself", sequence).containsKey(sequence);
            return held.get(sequence);
        }

        void acknowledge(CompletableFuture<SendResult<String, EventEnvelope>> sent) {
            held.forEach((sequence, future) -> {
                if (future == sent) {
                    future.complete(result(records.get(sequence)));
                }
            });
        }

        List<Long> sequences() {
            return sequences;
        }

        List<Boolean> predecessorAcknowledged() {
            return predecessorAcknowledged;
        }

        private static SendResult<String, EventEnvelope> result(ProducerRecord<String, EventEnvelope> record) {
            long offset = record.value().sequence();
            return new SendResult<>(
                    record, new RecordMetadata(new TopicPartition(record.topic(), 0), offset, 0, 0, 0, 0));
        }
    }
}
