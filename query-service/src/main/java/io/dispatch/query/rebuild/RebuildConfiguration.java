package io.dispatch.query.rebuild;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.ObjectMapper;

/** The projection rebuild and its settings ({@code dispatch.rebuild.*}, docs/operating.md). */
@Configuration(proxyBeanMethods = false)
class RebuildConfiguration {

  @Bean
  ProjectionRebuild projectionRebuild(
      DataSource dataSource,
      KafkaProperties kafka,
      ObjectMapper json,
      Clock clock,
      ObjectProvider<MeterRegistry> meters,
      @Value("${dispatch.rebuild.keep-previous:false}") boolean keepPrevious,
      @Value("${dispatch.rebuild.switch-lag:5000}") long switchLag,
      @Value("${dispatch.rebuild.max-catch-up-rounds:10}") int maxCatchUpRounds,
      @Value("${dispatch.rebuild.lock-timeout:PT30S}") Duration lockTimeout,
      @Value("${dispatch.rebuild.checksums:true}") boolean checksums,
      @Value("${dispatch.rebuild.abandoned-after:PT2M}") Duration abandonedAfter) {
    ProjectionRebuild rebuild = new ProjectionRebuild(
        dataSource,
        kafka.buildConsumerProperties(),
        List.of(new DispatchReplay(json), new WebhookAttemptReplay(), new RiderPositionReplay()),
        new RebuildSettings(keepPrevious, switchLag, maxCatchUpRounds, lockTimeout, checksums, abandonedAfter),
        clock);
    meters.ifAvailable(rebuild::registerMetrics);
    return rebuild;
  }
}
