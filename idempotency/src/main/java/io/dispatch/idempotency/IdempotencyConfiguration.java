package io.dispatch.idempotency;

import io.dispatch.web.scheduling.PeriodicTask;
import io.dispatch.web.schema.SchemaMigrations;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.DependsOn;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Idempotency-Keys (decisions.md §1): the filter ({@link IdempotencyFilter}), its store over the
 * shared PostgreSQL in the schema {@code idempotency}, which this module writes, and the cleanup of
 * expired keys. Imported by the services whose routes honour a key (command-service, query-service,
 * webhook-dispatcher) next to {@code SharedWebConfiguration}; Spring registers it once when they run
 * in one JVM (docs/adr/0055).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.idempotency")
@ConfigurationPropertiesScan("io.dispatch.idempotency")
public class IdempotencyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(IdempotencyConfiguration.class);

    /**
     * The idempotency schema. After the identity schema's migrations, whose V2 first created the
     * table that this schema's V1 moves here (leaving a view in its place for instances not yet
     * upgraded).
     */
    @Bean(initMethod = "migrate")
    @DependsOn("identityFlyway")
    Flyway idempotencyFlyway(DataSource dataSource) {
        return SchemaMigrations.of(dataSource, "idempotency");
    }

    @Bean
    IdempotencyStore idempotencyStore(JdbcTemplate jdbc, IdempotencyProperties properties, Clock clock) {
        return new IdempotencyStore(jdbc, properties, clock);
    }

    /**
     * Expired keys are deleted in batches every {@code cleanup-interval}; the rows deleted are
     * counted in {@code dispatch_retention_deleted_rows_total{table="idempotency.idempotency_keys"}}.
     */
    @Bean
    PeriodicTask idempotencyKeyCleanup(
            IdempotencyStore store, IdempotencyProperties properties, ObjectProvider<MeterRegistry> meters) {
        Counter deleted = Counter.builder("dispatch.retention.deleted.rows")
                .tag("table", "idempotency.idempotency_keys")
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
