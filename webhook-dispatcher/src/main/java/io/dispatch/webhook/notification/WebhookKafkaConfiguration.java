package io.dispatch.webhook.notification;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.codec.EventEnvelopeDeserializer;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.util.backoff.ExponentialBackOff;

/** The dispatcher's own consumer group; undecodable records are skipped, anything else retried. */
@Configuration(proxyBeanMethods = false)
@EnableKafka
public class WebhookKafkaConfiguration {

  @Bean
  ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> webhookListenerContainerFactory(
      KafkaProperties properties, @Value("${dispatch.webhook.consumer-concurrency:2}") int concurrency) {
    Map<String, Object> config = properties.buildConsumerProperties();
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    var consumers = new DefaultKafkaConsumerFactory<String, EventEnvelope>(
        config, new StringDeserializer(), new ErrorHandlingDeserializer<>(new EventEnvelopeDeserializer()));
    var factory = new ConcurrentKafkaListenerContainerFactory<String, EventEnvelope>();
    factory.setConsumerFactory(consumers);
    factory.setConcurrency(concurrency);
    ExponentialBackOff backOff = new ExponentialBackOff(200, 2.0);
    backOff.setMaxInterval(30_000);
    factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
    return factory;
  }
}
