package io.dispatch.command.publication;

import io.dispatch.events.DispatchEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.MessageDispatchInterceptor;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Sends a write's events to Kafka from the writer itself, right after its database transaction
 * commits, so the write's answer waits for one broker round trip of its own instead of for the
 * publisher's single thread to find the event in the store (ADR 0018). The Kafka publisher stays
 * the outbox: it still passes every stored event, and for one sent here it waits for this send's
 * acknowledgement (or, once acknowledged, skips it) instead of sending a copy; a send that fails,
 * or never happens because the process died after the commit, is sent by the publisher.
 *
 * <p>Per-delivery order: an event is sent here only when it is the delivery's first (sequence 0)
 * or when the delivery's previous event is already acknowledged on Kafka; any other waits for the
 * publisher, which sends in store order. Same key, same partition: an event sent after its
 * predecessor's acknowledgement lands after it.
 */
@Component
public class DirectPublication implements MessageDispatchInterceptor<EventMessage<?>> {

    private static final Logger log = LoggerFactory.getLogger(DirectPublication.class);

    /** A delivery's event: the key of a send in flight. */
    record EventKey(UUID dispatchId, long sequence) {}

    /** How long the publisher waits for a writer that committed an event to say whether it sends it. */
    private static final long DECISION_TIMEOUT_MILLIS = 5_000;

    private final KafkaTemplate<String, EventEnvelope> kafka;
    private final PublicationTracker tracker;
    /**
     * Events a writer has stored and may send itself, from before its commit until its send is
     * acknowledged. Each holds the writer's decision: its send, or null when it leaves the event to
     * the publisher. Claimed before the commit, so the publisher, which sees an event only after it,
     * never finds it unclaimed while the writer is about to send it (the race that sent copies).
     */
    private final Map<EventKey, CompletableFuture<CompletableFuture<SendResult<String, EventEnvelope>>>> claims =
            new ConcurrentHashMap<>();

    private volatile boolean enabled;

    public DirectPublication(
            @Qualifier("directEventsKafkaTemplate") KafkaTemplate<String, EventEnvelope> kafka,
            PublicationTracker tracker,
            PublicationProperties properties) {
        this.kafka = kafka;
        this.tracker = tracker;
        this.enabled = properties.direct();
    }

    /** Tests switch direct sends off to stand for a crash between a commit and its send. */
    void enabled(boolean enabled) {
        this.enabled = enabled;
    }

    /** Sees every event as it is applied, inside its unit of work; registered on the event store. */
    @Override
    public BiFunction<Integer, EventMessage<?>, EventMessage<?>> handle(List<? extends EventMessage<?>> messages) {
        return (index, message) -> {
            if (message instanceof DomainEventMessage<?> domainEvent) {
                afterCommit(domainEvent);
            }
            return message;
        };
    }

    /**
     * Called as an event is stored inside a write's unit of work: sends it once the outermost
     * transaction has committed (never before: an event that rolls back must not reach the log).
     * That is the Spring transaction when one is open (a bulk, or a create with its key), else
     * Axon's own unit of work, whose commit is the event store's.
     */
    void afterCommit(DomainEventMessage<?> message) {
        if (!enabled || !(message.getPayload() instanceof DispatchEvent event)) {
            return;
        }
        EventKey key = new EventKey(event.dispatchId(), message.getSequenceNumber());
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            claims.put(key, new CompletableFuture<>());
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    send(key, message);
                }

                @Override
                public void afterCompletion(int status) {
                    if (status != STATUS_COMMITTED) {
                        leave(key);
                    }
                }
            });
        } else if (CurrentUnitOfWork.isStarted()) {
            claims.put(key, new CompletableFuture<>());
            CurrentUnitOfWork.get().root().afterCommit(unitOfWork -> send(key, message));
            CurrentUnitOfWork.get().root().onRollback(unitOfWork -> leave(key));
        }
    }

    private void send(EventKey key, DomainEventMessage<?> message) {
        CompletableFuture<CompletableFuture<SendResult<String, EventEnvelope>>> claim = claims.get(key);
        if (claim == null) {
            return;
        }
        long sequence = key.sequence();
        if (sequence > 0 && !tracker.isPublished(key.dispatchId(), sequence - 1)) {
            leave(key); // its predecessor may still be on its way: the publisher sends it, in store order
            return;
        }
        CompletableFuture<SendResult<String, EventEnvelope>> sent;
        EventEnvelope envelope = AxonEnvelopes.of(message);
        try {
            sent = kafka.send(Topics.DISPATCH_EVENTS.name(), Topics.keyOf(envelope.dispatchId()), envelope);
        } catch (RuntimeException e) {
            log.debug(
                    "Direct send of {}#{} refused; the publisher sends it: {}",
                    key.dispatchId(),
                    sequence,
                    e.toString());
            leave(key);
            return;
        }
        claim.complete(sent);
        sent.whenComplete((result, failure) -> {
            if (failure == null) {
                var metadata = result.getRecordMetadata();
                tracker.published(new PublicationTracker.Published(envelope, metadata.partition(), metadata.offset()));
            } else {
                log.debug(
                        "Direct send of {}#{} failed; the publisher sends it: {}",
                        key.dispatchId(),
                        sequence,
                        failure.toString());
            }
            claims.remove(key, claim);
        });
    }

    /** The writer does not send this event: the publisher does. */
    private void leave(EventKey key) {
        CompletableFuture<CompletableFuture<SendResult<String, EventEnvelope>>> claim = claims.remove(key);
        if (claim != null) {
            claim.complete(null);
        }
    }

    /**
     * For the publisher: the writer's send of this event while it is not acknowledged yet, or null
     * when the writer does not send it or its send was already acknowledged (the tracker is checked
     * after this: an event whose send completed between the two checks is known there). Waits,
     * briefly, for a writer that has committed the event but not yet decided; one that takes
     * longer than {@value #DECISION_TIMEOUT_MILLIS} ms is left to its own devices, and the
     * publisher sends a copy, which consumers drop by sequence.
     */
    CompletableFuture<SendResult<String, EventEnvelope>> inFlight(UUID dispatchId, long sequence) {
        var claim = claims.get(new EventKey(dispatchId, sequence));
        if (claim == null) {
            return null;
        }
        try {
            return claim.get(DECISION_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for a writer's send", e);
        } catch (ExecutionException | TimeoutException e) {
            log.warn(
                    "The writer of {}#{} did not send it within {} ms; the publisher sends it",
                    dispatchId,
                    sequence,
                    DECISION_TIMEOUT_MILLIS);
            return null;
        }
    }
}
