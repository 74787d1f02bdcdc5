package io.dispatch.query.whatif;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.query.QueryServiceContext;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** What-if jobs are kept for {@code dispatch.whatif.keep-for} after they finished, then deleted; open jobs never. */
class WhatIfRetentionTest extends QueryServiceContext {

    @DynamicPropertySource
    static void settings(DynamicPropertyRegistry registry) {
        registry.add("dispatch.whatif.keep-for", () -> "PT1H");
    }

    @Autowired
    WhatIfRunner runner;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void jobsFinishedLongerAgoThanKeepForAreDeletedAndTheRestStay() {
        Instant now = Instant.now();
        UUID oldDone = job("DONE", now.minus(Duration.ofHours(2)), now.minus(Duration.ofMinutes(61)));
        UUID oldFailed = job("FAILED", now.minus(Duration.ofHours(3)), now.minus(Duration.ofHours(2)));
        UUID recentDone = job("DONE", now.minus(Duration.ofMinutes(50)), now.minus(Duration.ofMinutes(40)));
        UUID recentFailed = job("FAILED", now.minus(Duration.ofMinutes(5)), now.minus(Duration.ofMinutes(1)));
        UUID oldButRunning = job("RUNNING", now.minus(Duration.ofHours(5)), null);

        assertThat(runner.removeOld()).isEqualTo(2);

        List<UUID> left = jdbc.queryForList("select id from query.whatif_jobs", UUID.class);
        assertThat(left).contains(recentDone, recentFailed, oldButRunning).doesNotContain(oldDone, oldFailed);
        assertThat(runner.removeOld()).isZero();
    }

    private UUID job(String status, Instant created, Instant finished) {
        UUID id = UUID.randomUUID();
        jdbc.update(
                """
                insert into query.whatif_jobs (id, period_from, period_to, modes, status, requested_by, instance,
                                               created_at, finished_at, heartbeat_at)
                values (?, ?, ?, '{RANKED}', ?, 'ops@example.com', 'another/instance', ?, ?, ?)""",
                id,
                Timestamp.from(created.minus(Duration.ofDays(1))),
                Timestamp.from(created),
                status,
                Timestamp.from(created),
                finished == null ? null : Timestamp.from(finished),
                Timestamp.from(Instant.now()));
        return id;
    }
}
