package io.dispatch.query.webhook.retention;

import io.dispatch.web.scheduling.PeriodicTask;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Deletes finished rows of {@code query.webhook_attempts} older than
 * {@code dispatch.webhook.retention.attempts}, {@code batch-size} rows per statement (each its own
 * short transaction, skipping rows the projection holds), every {@code cleanup-interval}. A
 * projection rebuild replays the whole webhook-attempts topic and brings deleted rows back until
 * the next round deletes them again (docs/operating.md).
 */
@Configuration(proxyBeanMethods = false)
public class AttemptRowCleanup {

    private static final Logger log = LoggerFactory.getLogger(AttemptRowCleanup.class);
    static final String TABLE = "query.webhook_attempts";

    @Bean
    PeriodicTask webhookAttemptCleanup(
            JdbcTemplate jdbc, AttemptRetentionProperties retention, MeterRegistry meters, Clock clock) {
        Counter deleted = Counter.builder("dispatch.retention.deleted.rows")
                .tag("table", TABLE)
                .description("Rows deleted by retention")
                .register(meters);
        Timer batches = Timer.builder("dispatch.retention.batch")
                .tag("table", TABLE)
                .description("Retention delete transactions: one batch each")
                .register(meters);
        return new PeriodicTask("webhook-attempt-retention", retention.cleanupInterval(), () -> {
            long started = System.nanoTime();
            Timestamp olderThan = Timestamp.from(clock.instant().minus(retention.attempts()));
            long total = 0;
            int batch;
            do {
                long batchStarted = System.nanoTime();
                batch = jdbc.update("""
            delete from query.webhook_attempts
             where ctid = any(array(
               select ctid from query.webhook_attempts
                where status in ('SUCCEEDED', 'FAILED') and updated_at < ?
                limit ? for update skip locked))""", olderThan, retention.batchSize());
                batches.record(System.nanoTime() - batchStarted, TimeUnit.NANOSECONDS);
                deleted.increment(batch);
                total += batch;
            } while (batch == retention.batchSize());
            if (total > 0) {
                log.info(
                        "Retention deleted {} webhook list rows in {} ms",
                        total,
                        Duration.ofNanos(System.nanoTime() - started).toMillis());
            }
        });
    }
}
