package io.dispatch.kafka.operations;

import io.dispatch.kafka.PartitionAssignments;
import io.dispatch.web.scheduling.PeriodicTask;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.boot.micrometer.metrics.autoconfigure.MeterRegistryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;
import org.springframework.core.env.Environment;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * Health and metrics every dispatch service shares (decisions.md §7): readiness contributors for
 * the broker ("kafka") and the process's consumers ("consumers"), beside Boot's "db"; the
 * consumer lag gauges; and {@code dispatch.ready}. Actuator settings are in operations.properties.
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:io/dispatch/kafka/operations/operations.properties")
public class OperationsConfiguration {

    /** Every meter carries {@code application}: the service (or {@code dispatch-local}). */
    @Bean
    MeterRegistryCustomizer<MeterRegistry> applicationTag(Environment environment) {
        String application = environment.getProperty("spring.application.name", "dispatch");
        return registry -> registry.config().commonTags("application", application);
    }

    /** One admin client for the probes and the lag, with short timeouts. */
    @Bean(destroyMethod = "close")
    Admin operationsKafkaAdmin(KafkaProperties kafka) {
        Map<String, Object> config = kafka.buildAdminProperties();
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5000);
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "dispatch-operations");
        return Admin.create(config);
    }

    @Bean
    KafkaReachability kafkaHealthIndicator(Admin operationsKafkaAdmin, KafkaProperties kafka, Clock clock) {
        return new KafkaReachability(operationsKafkaAdmin, String.join(",", kafka.getBootstrapServers()), clock);
    }

    @Bean
    ConsumerAssignments consumersHealthIndicator(ObjectProvider<KafkaListenerEndpointRegistry> registry) {
        return new ConsumerAssignments(registry.getIfAvailable(), PartitionAssignments.ofThisProcess());
    }

    @Bean
    PeriodicTask consumerLagMetrics(
            Admin operationsKafkaAdmin, ObjectProvider<KafkaListenerEndpointRegistry> registry, MeterRegistry meters) {
        ConsumerLag lag = new ConsumerLag(operationsKafkaAdmin, registry.getIfAvailable(), meters);
        return new PeriodicTask("consumer-lag-metrics", Duration.ofSeconds(10), lag);
    }

    /** 1 while this instance is ready for traffic (its readiness state, the broker and its consumers), else 0. */
    @Bean
    Gauge readinessGauge(
            MeterRegistry meters,
            ApplicationAvailability availability,
            KafkaReachability kafkaHealthIndicator,
            ConsumerAssignments consumersHealthIndicator) {
        return Gauge.builder(
                        "dispatch.ready",
                        () -> availability.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC
                                        && kafkaHealthIndicator.health().getStatus() == Status.UP
                                        && consumersHealthIndicator.health().getStatus() == Status.UP
                                ? 1
                                : 0)
                .description("1 while this instance is ready for traffic")
                .register(meters);
    }
}
