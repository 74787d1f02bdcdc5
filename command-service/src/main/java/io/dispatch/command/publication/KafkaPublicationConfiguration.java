package io.dispatch.command.publication;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Topics;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.events.codec.EventEnvelopeSerializer;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/** The producer of the dispatch-events topic (its one writer): idempotent, acks=all. */
@Configuration(proxyBeanMethods = false)
public class KafkaPublicationConfiguration {

  @Bean
  KafkaTemplate<String, EventEnvelope> dispatchEventsKafkaTemplate(KafkaProperties properties) {
    Map<String, Object> config = properties.buildProducerProperties();
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    config.put(ProducerConfig.CLIENT_ID_CONFIG, "command-service.publisher");
    var factory = new DefaultKafkaProducerFactory<>(config, new StringSerializer(), new EventEnvelopeSerializer());
    return new KafkaTemplate<>(factory);
  }

  /** Rider location fixes for live tracking: small, frequent, keyed by rider. */
  @Bean
  KafkaTemplate<String, RiderPositionReported> riderPositionsKafkaTemplate(KafkaProperties properties) {
    Map<String, Object> config = properties.buildProducerProperties();
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    config.put(ProducerConfig.CLIENT_ID_CONFIG, "command-service.rider-positions");
    var factory = new DefaultKafkaProducerFactory<>(config, new StringSerializer(), new RiderPositionCodec.Writer());
    return new KafkaTemplate<>(factory);
  }
}
