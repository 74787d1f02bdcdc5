package io.dispatch.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.EventEnvelopeDeserializer;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The dispatch events topic as a test reads it on the shared broker: a consumer of its own group
 * from the earliest offset, and the envelopes of one delivery, each on that delivery's partition.
 */
public final class DispatchEventsTopic {

    private DispatchEventsTopic() {}

    /** A consumer subscribed to the topic; the caller closes it. */
    public static KafkaConsumer<String, EventEnvelope> subscribe() {
        KafkaConsumer<String, EventEnvelope> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        SharedTestInfrastructure.get().kafkaBootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "test-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                new StringDeserializer(),
                new EventEnvelopeDeserializer());
        consumer.subscribe(List.of(Topics.DISPATCH_EVENTS.name()));
        return consumer;
    }

    /** Adds to {@code seen} what one poll brings of the delivery {@code id}. */
    public static void poll(
            KafkaConsumer<String, EventEnvelope> consumer, List<EventEnvelope> seen, UUID id, Duration timeout) {
        consumer.poll(timeout).forEach(record -> {
            if (record.key().equals(id.toString())) {
                assertThat(record.partition()).isEqualTo(Topics.DISPATCH_EVENTS.partitionFor(id));
                seen.add(record.value());
            }
        });
    }
}
