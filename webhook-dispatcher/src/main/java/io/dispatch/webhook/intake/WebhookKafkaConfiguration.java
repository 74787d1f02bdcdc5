package io.dispatch.webhook.intake;

import io.dispatch.events.EventEnvelope;
import io.dispatch.kafka.recovery.RecordRecovery;
import io.dispatch.kafka.recovery.RecoverableListenerContainers;
import io.dispatch.webhook.sending.WebhookProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;

/** The dispatcher's own consumer group over dispatch-events, and the topic it writes. */
@Configuration(proxyBeanMethods = false)
@EnableKafka
public class WebhookKafkaConfiguration {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> webhookListenerContainerFactory(
            KafkaProperties properties, RecordRecovery recovery, WebhookProperties settings) {
        var factory = RecoverableListenerContainers.create(properties, settings.consumerConcurrency(), recovery);
        factory.setBatchListener(true);
        return factory;
    }
}
