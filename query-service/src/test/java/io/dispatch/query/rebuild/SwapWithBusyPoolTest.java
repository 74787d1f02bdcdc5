package io.dispatch.query.rebuild;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.dispatch.events.Source;
import io.dispatch.events.Topics;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.query.DispatchEventLog;
import io.dispatch.query.TestCreations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The swap holds the live tables locked; the pool's other users, waiting for those tables, may then hold every other
 * connection. Found by the API fuzzer (seed 20261129): a progress report due during the swap asked the pool for a
 * connection, waited the pool's 30 s with every read and write of the service stopped, and the rebuild failed. Here
 * the pool has two connections, the rebuild's own two, and every report is due.
 */
class SwapWithBusyPoolTest {

    @Test
    void the_swap_asks_the_pool_for_nothing_while_it_holds_the_live_tables() throws Exception {
        DispatchEventLog.createTopics(Topics.DISPATCH_EVENTS, Topics.WEBHOOK_ATTEMPTS, Topics.RIDER_POSITIONS);
        UUID merchant = UUID.randomUUID();
        List<UUID> created = new ArrayList<>();
        try (DispatchEventLog log = new DispatchEventLog()) {
            for (int i = 0; i < 5; i++) {
                UUID id = UUID.randomUUID();
                created.add(id);
                log.publish(TestCreations.created(id, merchant, Instant.parse("2026-11-29T01:00:00Z"), Source.API));
            }
            log.acknowledged();
        }
        ReplayDatabase database = ReplayDatabase.migrated();
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setDataSource(database.dataSource());
            pool.setMaximumPoolSize(2);
            pool.setConnectionTimeout(250);
            // no catch-up rounds: every event is replayed under the lock, a report due at each batch
            RebuildProperties settings =
                    new RebuildProperties(false, 5000, 0, Duration.ofSeconds(5), true, Duration.ofDays(1));
            ProjectionRebuild rebuild = new ProjectionRebuild(
                    pool,
                    Map.of(
                            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            SharedTestInfrastructure.get().kafkaBootstrapServers()),
                    List.of(
                            new DispatchReplay(JsonMapper.builder().build()),
                            new DecisionReplay(JsonMapper.builder().build()),
                            new WebhookAttemptReplay(),
                            new RiderPositionReplay()),
                    settings,
                    new MinuteEachCall());
            try {
                UUID id = rebuild.start().rebuildId();
                JdbcTemplate db = new JdbcTemplate(database.dataSource());
                String status = await().atMost(Duration.ofSeconds(120))
                        .until(
                                () -> db.queryForObject(
                                        "select status from query.rebuilds where id = ?", String.class, id),
                                s -> !s.equals("RUNNING"));
                assertThat(status)
                        .as(
                                "error: %s",
                                db.queryForObject("select error from query.rebuilds where id = ?", String.class, id))
                        .isEqualTo("SUCCEEDED");
                assertThat(db.queryForList(
                                "select id from query.dispatches where merchant_id = ?", UUID.class, merchant))
                        .containsExactlyInAnyOrderElementsOf(created);
            } finally {
                rebuild.destroy();
            }
        }
    }

    /** A clock a minute later at every call, so that every progress report is due. */
    private static final class MinuteEachCall extends Clock {

        private final AtomicLong minutes = new AtomicLong();

        @Override
        public Instant instant() {
            return Instant.parse("2026-11-29T02:00:00Z").plusSeconds(60 * minutes.incrementAndGet());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
