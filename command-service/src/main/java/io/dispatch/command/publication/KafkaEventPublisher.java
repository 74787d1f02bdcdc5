package io.dispatch.command.publication;

import io.dispatch.events.DispatchEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.messaging.annotation.MessageIdentifier;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

/**
 * Publishes every stored event to Kafka, in store order, keyed by delivery id. It runs in an
 * Axon tracking processor whose token lives in the same database as the events: the token
 * moves past an event only after Kafka acknowledged it (acks=all), so a crash between commit
 * and publish re-sends rather than loses. Consumers drop the resulting duplicates by sequence.
 */
@Component
@ProcessingGroup(KafkaEventPublisher.PROCESSING_GROUP)
public class KafkaEventPublisher {

    public static final String PROCESSING_GROUP = "kafka-publisher";
    private static final long SEND_TIMEOUT_SECONDS = 30;
    private static final String PENDING = KafkaEventPublisher.class.getName() + ".pending";

    private final KafkaTemplate<String, EventEnvelope> kafka;
    private final PublicationTracker tracker;
    private final PublicationWatermark watermark;
    private final DirectPublication direct;

    public KafkaEventPublisher(
            @Qualifier("dispatchEventsKafkaTemplate") KafkaTemplate<String, EventEnvelope> kafka,
            PublicationTracker tracker,
            PublicationWatermark watermark,
            DirectPublication direct) {
        this.kafka = kafka;
        this.tracker = tracker;
        this.watermark = watermark;
        this.direct = direct;
    }

    /**
     * Sends without waiting; the batch waits for all its acknowledgements together just before
     * its token is stored, so a batch of events costs about one broker round trip, not one per
     * event. Any failed send fails the batch: nothing of it is marked done, all of it is retried.
     * An event its writer sent itself ({@link DirectPublication}) is not sent again: the batch waits
     * for that send while it is in flight, and passes it once it is acknowledged.
     *
     * <p>A writer's send goes through a producer of its own, so this one keeps no order with it: an
     * event sent here while a writer's send of an earlier event of the delivery is still in flight
     * could land before it, and consumers, which drop an event at or below the last sequence they
     * applied, would drop the earlier one. A write of two events (an offer accepted, then the rider
     * assigned) sends the first itself and leaves the second here, so before sending an event the
     * batch waits for the writers' sends of the delivery's earlier events (issue 33: the decisions
     * read lost ACCEPTED and AUTO_ASSIGNED entries).
     */
    @EventHandler
    public void on(
            DispatchEvent event,
            @MessageIdentifier String messageId,
            @SequenceNumber Long sequence,
            TrackingToken token) {
        UnitOfWork<?> batch = CurrentUnitOfWork.get().root();
        List<Pending> pending = batch.getOrComputeResource(PENDING, key -> {
            List<Pending> sends = new ArrayList<>();
            batch.onPrepareCommit(u -> awaitAll(sends));
            return sends;
        });
        CompletableFuture<SendResult<String, EventEnvelope>> sent = direct.inFlight(event.dispatchId(), sequence);
        EventEnvelope envelope = null;
        if (sent == null && !tracker.isPublished(event.dispatchId(), sequence)) {
            awaitWritersSends(pending, event.dispatchId());
            envelope = AxonEnvelopes.of(messageId, sequence, event);
            sent = kafka.send(Topics.DISPATCH_EVENTS.name(), Topics.keyOf(envelope.dispatchId()), envelope);
        }
        pending.add(new Pending(event.dispatchId(), envelope, sent, token));
    }

    /**
     * An event of the batch: its send (null when already acknowledged) and its envelope (null unless
     * sent here: a send with no envelope is a writer's).
     */
    private record Pending(
            UUID dispatchId,
            EventEnvelope envelope,
            CompletableFuture<SendResult<String, EventEnvelope>> sent,
            TrackingToken token) {

        boolean writersSendOf(UUID delivery) {
            return envelope == null && sent != null && dispatchId.equals(delivery);
        }
    }

    /** Waits for the writers' sends of the delivery's earlier events in this batch; a failed one fails the batch. */
    private static void awaitWritersSends(List<Pending> pending, UUID dispatchId) {
        for (Pending send : pending) {
            if (send.writersSendOf(dispatchId)) {
                acknowledged(send.sent());
            }
        }
    }

    private void awaitAll(List<Pending> sends) {
        List<PublicationTracker.Published> published = new ArrayList<>(sends.size());
        for (Pending send : sends) {
            if (send.sent() == null) {
                continue;
            }
            RecordMetadata metadata = acknowledged(send.sent());
            if (send.envelope() != null) {
                published.add(
                        new PublicationTracker.Published(send.envelope(), metadata.partition(), metadata.offset()));
            }
        }
        // only now, with every event of the batch acknowledged: other instances' writers wait on this
        watermark.recordPublished(sends.getLast().token());
        published.forEach(tracker::published);
    }

    private static RecordMetadata acknowledged(CompletableFuture<SendResult<String, EventEnvelope>> sent) {
        try {
            return sent.get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS).getRecordMetadata();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for Kafka", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Kafka did not acknowledge an event; the batch will be retried", e);
        }
    }
}
