package io.dispatch.web.idempotency;

import io.dispatch.web.scheduling.PeriodicTask;
import java.time.Clock;
import java.util.Optional;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** The idempotency store over the shared PostgreSQL (table from db/identity/V2) and its cleanup. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IdempotencyProperties.class)
public class IdempotencyConfiguration {

  @Bean
  IdempotencyStore idempotencyStore(JdbcTemplate jdbc, IdempotencyProperties properties, Optional<Clock> clock) {
    return new IdempotencyStore(jdbc, properties, clock.orElse(Clock.systemUTC()));
  }

  @Bean
  PeriodicTask idempotencyKeyCleanup(IdempotencyStore store, IdempotencyProperties properties) {
    return new PeriodicTask("idempotency-cleanup", properties.cleanupInterval(), store::deleteExpired);
  }
}
