package io.dispatch.command.publication;

import io.dispatch.events.DispatchEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import java.util.concurrent.TimeUnit;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.messaging.annotation.MessageIdentifier;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.kafka.core.KafkaTemplate;
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

  private final KafkaTemplate<String, EventEnvelope> kafka;
  private final PublicationTracker tracker;

  public KafkaEventPublisher(
      @Qualifier("dispatchEventsKafkaTemplate") KafkaTemplate<String, EventEnvelope> kafka,
      PublicationTracker tracker) {
    this.kafka = kafka;
    this.tracker = tracker;
  }

  @EventHandler
  public void on(DispatchEvent event, @MessageIdentifier String messageId, @SequenceNumber Long sequence)
      throws Exception {
    EventEnvelope envelope = AxonEnvelopes.of(messageId, sequence, event);
    RecordMetadata metadata = kafka
        .send(Topics.DISPATCH_EVENTS.name(), Topics.keyOf(envelope.dispatchId()), envelope)
        .get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .getRecordMetadata();
    tracker.published(new PublicationTracker.Published(envelope, metadata.partition(), metadata.offset()));
  }
}
