package io.dispatch.kafka;

import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;

/**
 * The settings of every producer that must lose nothing it was told was sent and never reorder
 * a key: Spring's producer properties, then idempotent, {@code acks=all}, at most 5 requests in
 * flight (the most an idempotent producer keeps in order), a 10 s bound on a blocked send, and
 * the caller's client id and overrides (linger, for one). The event publisher, the dead-letter
 * producer and the webhook attempt publisher use it.
 */
public final class ReliableProducers {

    private ReliableProducers() {}

    public static Map<String, Object> settings(
            KafkaProperties properties, String clientId, Map<String, Object> overrides) {
        Map<String, Object> config = properties.buildProducerProperties();
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        config.putAll(overrides);
        return config;
    }
}
