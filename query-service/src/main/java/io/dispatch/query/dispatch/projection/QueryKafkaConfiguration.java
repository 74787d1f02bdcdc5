package io.dispatch.query.dispatch.projection;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.codec.EventEnvelopeDeserializer;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
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

/**
 * Consumers of query-service. A record that cannot be decoded is logged and skipped (it can
 * never succeed); any other failure, such as the database being away, is retried with backoff
 * for as long as it takes, so no event is lost from a read model.
 */
@Configuration(proxyBeanMethods = false)
@EnableKafka
public class QueryKafkaConfiguration {

  @Bean
  ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> queryListenerContainerFactory(
      KafkaProperties properties, @Value("${dispatch.query.consumer-concurrency:2}") int concurrency) {
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

  @Bean(destroyMethod = "close")
  Admin queryKafkaAdmin(KafkaProperties properties) {
    return Admin.create(properties.buildAdminProperties());
  }
}
