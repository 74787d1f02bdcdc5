package io.dispatch.query.rebuild;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.ObjectMapper;

/** The projection rebuild, with its settings ({@link RebuildProperties}). */
@Configuration(proxyBeanMethods = false)
class RebuildConfiguration {

    @Bean
    ProjectionRebuild projectionRebuild(
            DataSource dataSource,
            KafkaProperties kafka,
            ObjectMapper json,
            Clock clock,
            ObjectProvider<MeterRegistry> meters,
            RebuildProperties settings) {
        ProjectionRebuild rebuild = new ProjectionRebuild(
                dataSource,
                kafka.buildConsumerProperties(),
                List.of(
                        new DispatchReplay(json),
                        new DecisionReplay(json),
                        new WebhookAttemptReplay(),
                        new RiderPositionReplay()),
                settings,
                clock);
        meters.ifAvailable(rebuild::registerMetrics);
        return rebuild;
    }
}
