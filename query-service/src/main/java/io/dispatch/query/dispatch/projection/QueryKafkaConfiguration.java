package io.dispatch.query.dispatch.projection;

import io.dispatch.events.EventEnvelope;
import io.dispatch.kafka.recovery.RecordRecovery;
import io.dispatch.kafka.recovery.RecoverableListenerContainers;
import io.dispatch.query.QueryProperties;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;

/**
 * query-service's consumers of dispatch-events and webhook-attempts (rider-positions has its own,
 * {@code RiderPositionProjection}), and the admin client the freshness check asks for end offsets.
 */
@Configuration(proxyBeanMethods = false)
@EnableKafka
public class QueryKafkaConfiguration {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> queryListenerContainerFactory(
            KafkaProperties properties, RecordRecovery recovery, QueryProperties settings) {
        return RecoverableListenerContainers.create(properties, settings.consumerConcurrency(), recovery);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, EventEnvelope> queryWebhookAttemptsListenerContainerFactory(
            KafkaProperties properties, RecordRecovery recovery, QueryProperties settings) {
        return RecoverableListenerContainers.create(properties, settings.webhookAttemptsConcurrency(), recovery);
    }

    @Bean(destroyMethod = "close")
    Admin queryKafkaAdmin(KafkaProperties properties) {
        return Admin.create(properties.buildAdminProperties());
    }
}
