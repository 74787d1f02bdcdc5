package io.dispatch.query.webhook.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.query.QueryServiceContext;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The webhook list's rows are deleted a while after they finished; PENDING ones never. */
class AttemptRowCleanupTest extends QueryServiceContext {

    @DynamicPropertySource
    static void settings(DynamicPropertyRegistry registry) {
        registry.add("dispatch.webhook.retention.attempts", () -> "PT1S");
        registry.add("dispatch.webhook.retention.cleanup-interval", () -> "PT0.2S");
        registry.add("dispatch.webhook.retention.batch-size", () -> "20");
    }

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void under_a_steady_load_finished_rows_stay_bounded_and_pending_rows_are_kept() throws Exception {
        UUID pending = row("PENDING", "1 day");
        UUID recent = row("FAILED", "0 seconds");
        ScheduledExecutorService load = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger inserted = new AtomicInteger();
        try {
            // 100 finished rows a second
            load.scheduleAtFixedRate(
                    () -> {
                        row(inserted.incrementAndGet() % 2 == 0 ? "SUCCEEDED" : "FAILED", "0 seconds");
                    },
                    0,
                    10,
                    TimeUnit.MILLISECONDS);

            await().atMost(Duration.ofSeconds(20)).until(() -> deleted() > 100);
            await().during(Duration.ofSeconds(4))
                    .atMost(Duration.ofSeconds(6))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> count() <= 250);
        } finally {
            load.shutdownNow();
            assertThat(load.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(inserted.get()).as("the load went on").isGreaterThan(500);
        assertThat(exists(pending))
                .as("a PENDING row is never deleted, however old")
                .isTrue();
        await().atMost(Duration.ofSeconds(10)).until(() -> !exists(recent));
    }

    private UUID row(String status, String age) {
        UUID id = UUID.randomUUID();
        jdbc.update("""
        insert into query.webhook_attempts (notification_id, dispatch_id, merchant_id, event, status, attempt_count,
                                            created_at, updated_at, revision)
        values (?, gen_random_uuid(), gen_random_uuid(), 'dispatch.created', ?, 1, now() - ?::interval,
                now() - ?::interval, 1)""", id, status, age, age);
        return id;
    }

    private long count() {
        return jdbc.queryForObject("select count(*) from query.webhook_attempts", Long.class);
    }

    private boolean exists(UUID id) {
        return jdbc.queryForObject(
                        "select count(*) from query.webhook_attempts where notification_id = ?", Long.class, id)
                == 1;
    }

    private double deleted() {
        var counter = meters.find("dispatch.retention.deleted.rows")
                .tag("table", "query.webhook_attempts")
                .counter();
        return counter == null ? 0 : counter.count();
    }
}
