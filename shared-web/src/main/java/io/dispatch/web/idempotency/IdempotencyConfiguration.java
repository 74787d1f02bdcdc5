package io.dispatch.web.idempotency;

import io.dispatch.web.scheduling.PeriodicTask;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** The idempotency store over the shared PostgreSQL (table from db/identity/V2) and its cleanup. */
@Configuration(proxyBeanMethods = false)
public class IdempotencyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(IdempotencyConfiguration.class);

    @Bean
    IdempotencyStore idempotencyStore(JdbcTemplate jdbc, IdempotencyProperties properties, Clock clock) {
        return new IdempotencyStore(jdbc, properties, clock);
    }

    /**
     * Expired keys are deleted in batches every {@code cleanup-interval}; the rows deleted are
     * counted in {@code dispatch_retention_deleted_rows_total{table="identity.idempotency_keys"}}.
     */
    @Bean
    PeriodicTask idempotencyKeyCleanup(
            IdempotencyStore store, IdempotencyProperties properties, ObjectProvider<MeterRegistry> meters) {
        Counter deleted = Counter.builder("dispatch.retention.deleted.rows")
                .tag("table", "identity.idempotency_keys")
                .description("Rows deleted by retention")
                .register(meters.getIfAvailable(SimpleMeterRegistry::new));
        return new PeriodicTask("idempotency-cleanup", properties.cleanupInterval(), () -> {
            long started = System.nanoTime();
            long rows = store.deleteExpired();
            deleted.increment(rows);
            if (rows > 0) {
                log.info(
                        "Retention deleted {} expired idempotency keys in {} ms",
                        rows,
                        Duration.ofNanos(System.nanoTime() - started).toMillis());
            }
        });
    }
}
