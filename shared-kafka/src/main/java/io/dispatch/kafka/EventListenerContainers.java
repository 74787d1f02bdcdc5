package io.dispatch.kafka;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.codec.EventEnvelopeDeserializer;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * The one way services consume event topics: from the start of the log, offsets committed
 * only after the listener returned. A record that cannot be decoded is logged and skipped (it can
 * never succeed) and any other failure is retried with backoff for as long as it takes. Groups
 * that write a database add dead letters and stored positions on top
 * (the {@code recovery} package).
 */
public final class EventListenerContainers {

    private EventListenerContainers() {}

    public static ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> create(
            KafkaProperties properties, int concurrency) {
        return create(properties, concurrency, new EventEnvelopeDeserializer());
    }

    /** The same policy for a topic of other records (e.g. rider positions). */
    public static <V> ConcurrentKafkaListenerContainerFactory<String, V> create(
            KafkaProperties properties, int concurrency, Deserializer<V> values) {
        Map<String, Object> config = properties.buildConsumerProperties();
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // a dead instance's partitions move to the survivors after 10 s rather than Kafka's 45 s; the
        // reads of those partitions answer 503 (retry) until then (spring.kafka.consumer.properties.*)
        config.putIfAbsent(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000);
        config.putIfAbsent(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 3_000);
        // topics come from KafkaTopics, never from a consumer with the broker's default partition count;
        // partitions added to a topic are picked up within 30 s
        config.putIfAbsent(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        config.putIfAbsent(ConsumerConfig.METADATA_MAX_AGE_CONFIG, 30_000);
        var consumers = new DefaultKafkaConsumerFactory<String, V>(
                config, new StringDeserializer(), new ErrorHandlingDeserializer<>(values));
        var factory = new ConcurrentKafkaListenerContainerFactory<String, V>();
        factory.setConsumerFactory(consumers);
        factory.setConcurrency(concurrency);
        ExponentialBackOff backOff = new ExponentialBackOff(200, 2.0);
        backOff.setMaxInterval(30_000);
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        factory.getContainerProperties().setConsumerRebalanceListener(PartitionAssignments.ofThisProcess());
        return factory;
    }
}
