package io.dispatch.query.webhook;

import io.dispatch.events.EventEnvelope;
import io.dispatch.kafka.EventListenerContainers;
import io.dispatch.kafka.recovery.RecordRecovery;
import io.dispatch.query.QueryProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;

/** query-service's consumer of webhook-attempts. */
@Configuration(proxyBeanMethods = false)
@EnableKafka
public class WebhookAttemptKafkaConfiguration {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> queryWebhookAttemptsListenerContainerFactory(
            KafkaProperties properties, RecordRecovery recovery, QueryProperties settings) {
        return EventListenerContainers.create(properties, settings.webhookAttemptsConcurrency(), recovery);
    }
}
