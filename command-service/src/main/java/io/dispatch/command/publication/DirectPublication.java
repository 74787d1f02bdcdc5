package io.dispatch.command.publication;

import io.dispatch.events.DispatchEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.MessageDispatchInterceptor;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
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

  private final KafkaTemplate<String, EventEnvelope> kafka;
  private final PublicationTracker tracker;
  private final Map<EventKey, CompletableFuture<SendResult<String, EventEnvelope>>> inFlight =
      new ConcurrentHashMap<>();
  private volatile boolean enabled;

  public DirectPublication(
      @Qualifier("directEventsKafkaTemplate") KafkaTemplate<String, EventEnvelope> kafka,
      PublicationTracker tracker,
      @Value("${dispatch.publication.direct:true}") boolean enabled) {
    this.kafka = kafka;
    this.tracker = tracker;
    this.enabled = enabled;
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
    if (!enabled || !(message.getPayload() instanceof DispatchEvent)) {
      return;
    }
    if (TransactionSynchronizationManager.isSynchronizationActive()) {
      TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
        @Override
        public void afterCommit() {
          send(message);
        }
      });
    } else if (CurrentUnitOfWork.isStarted()) {
      CurrentUnitOfWork.get().root().afterCommit(unitOfWork -> send(message));
    }
  }

  private void send(DomainEventMessage<?> message) {
    EventEnvelope envelope = AxonEnvelopes.of(message);
    long sequence = envelope.sequence();
    if (sequence > 0 && !tracker.isPublished(envelope.dispatchId(), sequence - 1)) {
      return; // its predecessor may still be on its way: the publisher sends it, in store order
    }
    EventKey key = new EventKey(envelope.dispatchId(), sequence);
    try {
      CompletableFuture<SendResult<String, EventEnvelope>> sent =
          kafka.send(Topics.DISPATCH_EVENTS.name(), Topics.keyOf(envelope.dispatchId()), envelope);
      inFlight.put(key, sent);
      sent.whenComplete((result, failure) -> {
        if (failure == null) {
          var metadata = result.getRecordMetadata();
          tracker.published(new PublicationTracker.Published(envelope, metadata.partition(), metadata.offset()));
        } else {
          log.debug("Direct send of {}#{} failed; the publisher sends it: {}", key.dispatchId(), sequence,
              failure.toString());
        }
        inFlight.remove(key, sent);
      });
    } catch (RuntimeException e) {
      log.debug("Direct send of {}#{} refused; the publisher sends it: {}", key.dispatchId(), sequence, e.toString());
    }
  }

  /**
   * For the publisher: the send in flight of this event, if the writer sent it and its
   * acknowledgement has not arrived yet. The tracker is checked after this: an event whose send
   * completed between the two checks is known there.
   */
  CompletableFuture<SendResult<String, EventEnvelope>> inFlight(UUID dispatchId, long sequence) {
    return inFlight.get(new EventKey(dispatchId, sequence));
  }
}
