package io.dispatch.command.publication;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.codec.EventEnvelopeSerializer;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.kafka.ReliableProducers;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * The producer of the dispatch-events topic (its one writer): idempotent, acks=all. The
 * producers close with the context: a KafkaTemplate does not close a factory it was handed, and
 * a factory that is no bean of its own is not closed by Spring, so they would outlive the
 * context and keep calling a broker that has stopped.
 */
@Configuration(proxyBeanMethods = false)
public class KafkaPublicationConfiguration implements DisposableBean {

    private final List<DefaultKafkaProducerFactory<?, ?>> factories = new CopyOnWriteArrayList<>();

    @Bean
    KafkaTemplate<String, EventEnvelope> dispatchEventsKafkaTemplate(KafkaProperties properties) {
        return reliable(properties, "command-service.publisher", new EventEnvelopeSerializer(), Map.of());
    }

    /**
     * The writers' own sends of their events right after commit ({@link DirectPublication}): a
     * producer of its own, quick to give up (1 s to block for metadata, 10 s to deliver) because the
     * Kafka publisher sends whatever this one does not.
     */
    @Bean
    KafkaTemplate<String, EventEnvelope> directEventsKafkaTemplate(KafkaProperties properties) {
        return reliable(
                properties,
                "command-service.direct",
                new EventEnvelopeSerializer(),
                Map.of(
                        ProducerConfig.MAX_BLOCK_MS_CONFIG, 1_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000,
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000));
    }

    /** Lets the writers send their own events after commit (the publisher remains the outbox). */
    @Bean
    SmartInitializingSingleton directPublicationInterceptor(EventStore eventStore, DirectPublication direct) {
        return () -> eventStore.registerDispatchInterceptor(direct);
    }

    /** Rider location fixes for live tracking: small, frequent, keyed by rider. */
    @Bean
    KafkaTemplate<String, RiderPositionReported> riderPositionsKafkaTemplate(KafkaProperties properties) {
        return reliable(properties, "command-service.rider-positions", new RiderPositionCodec.Writer(), Map.of());
    }

    /** A {@link ReliableProducers} producer without linger: a create waits for its own send. */
    private <V> KafkaTemplate<String, V> reliable(
            KafkaProperties properties, String clientId, Serializer<V> values, Map<String, Object> overrides) {
        Map<String, Object> config = new java.util.HashMap<>(Map.of(ProducerConfig.LINGER_MS_CONFIG, 0));
        config.putAll(overrides);
        config = ReliableProducers.settings(properties, clientId, config);
        var factory = new DefaultKafkaProducerFactory<>(config, new StringSerializer(), values);
        factories.add(factory);
        return new KafkaTemplate<>(factory);
    }

    @Override
    public void destroy() {
        factories.forEach(DefaultKafkaProducerFactory::destroy);
    }
}
