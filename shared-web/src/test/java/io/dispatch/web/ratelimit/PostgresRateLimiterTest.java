package io.dispatch.web.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.MutableClock;
import io.dispatch.web.WebLayersTest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Two limiters over one database stand for two service instances. */
class PostgresRateLimiterTest extends WebLayersTest {

    @Autowired
    DataSource dataSource;

    private static final Instant TEN_SECONDS_INTO_A_MINUTE = Instant.parse("2030-01-01T10:00:10Z");

    @Test
    void the_limit_holds_across_instances() {
        MutableClock time = new MutableClock(TEN_SECONDS_INTO_A_MINUTE);
        RateLimiter one = new PostgresRateLimiter(dataSource, 5, time);
        RateLimiter two = new PostgresRateLimiter(dataSource, 5, time);
        String key = "key_" + UUID.randomUUID();

        List<RateLimiter.Decision> decisions = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            decisions.add(one.tryAcquire(key));
            decisions.add(two.tryAcquire(key));
        }

        assertThat(decisions).filteredOn(RateLimiter.Decision::allowed).hasSize(5);
        assertThat(decisions.subList(0, 5)).allMatch(RateLimiter.Decision::allowed);
        assertThat(decisions.subList(0, 5))
                .extracting(RateLimiter.Decision::remaining)
                .containsExactly(4L, 3L, 2L, 1L, 0L);
        assertThat(decisions.get(5).resetSeconds()).isEqualTo(50);
    }

    @Test
    void concurrent_requests_on_several_instances_never_exceed_the_limit() throws Exception {
        MutableClock time = new MutableClock(TEN_SECONDS_INTO_A_MINUTE);
        List<RateLimiter> instances = List.of(
                new PostgresRateLimiter(dataSource, 5, time),
                new PostgresRateLimiter(dataSource, 5, time),
                new PostgresRateLimiter(dataSource, 5, time));
        String key = "key_" + UUID.randomUUID();
        List<Callable<RateLimiter.Decision>> requests = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            RateLimiter instance = instances.get(i % instances.size());
            requests.add(() -> instance.tryAcquire(key));
        }

        int allowed = 0;
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (Future<RateLimiter.Decision> decision : threads.invokeAll(requests)) {
                allowed += decision.get().allowed() ? 1 : 0;
            }
        }

        assertThat(allowed).isEqualTo(5);
    }

    @Test
    void concurrent_requests_on_one_instance_each_get_a_token_of_their_own() throws Exception {
        RateLimiter limiter = new PostgresRateLimiter(dataSource, 20, new MutableClock(TEN_SECONDS_INTO_A_MINUTE));
        String key = "key_" + UUID.randomUUID();
        List<Callable<RateLimiter.Decision>> requests = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            requests.add(() -> limiter.tryAcquire(key));
        }

        List<RateLimiter.Decision> decisions = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(16)) {
            for (Future<RateLimiter.Decision> decision : threads.invokeAll(requests)) {
                decisions.add(decision.get());
            }
        }

        // each token is handed out once: 20 allowed, each with its own remaining count
        assertThat(decisions).filteredOn(RateLimiter.Decision::allowed).hasSize(20);
        assertThat(decisions)
                .filteredOn(RateLimiter.Decision::allowed)
                .extracting(RateLimiter.Decision::remaining)
                .containsExactlyInAnyOrder(
                        19L, 18L, 17L, 16L, 15L, 14L, 13L, 12L, 11L, 10L, 9L, 8L, 7L, 6L, 5L, 4L, 3L, 2L, 1L, 0L);
        assertThat(limiter.tryAcquire(key).allowed()).isFalse();
    }

    @Test
    void a_bucket_deleted_while_its_window_is_open_starts_again() {
        RateLimiter limiter = new PostgresRateLimiter(dataSource, 3, new MutableClock(TEN_SECONDS_INTO_A_MINUTE));
        String key = "key_" + UUID.randomUUID();
        limiter.tryAcquire(key);
        limiter.tryAcquire(key);

        jdbc.update("delete from identity.rate_limit_buckets where id like ?", key + ":%");

        // a lost row (a restore, a manual delete) gives the key a fresh window rather than an error
        assertThat(limiter.tryAcquire(key).remaining()).isEqualTo(2);
        assertThat(bucketsOf(key)).isOne();
    }

    @Test
    void each_minute_is_a_window_of_its_own() {
        MutableClock time = new MutableClock(Instant.parse("2030-01-01T10:00:59.900Z"));
        RateLimiter limiter = new PostgresRateLimiter(dataSource, 1, time);
        String key = "key_" + UUID.randomUUID();

        RateLimiter.Decision lastOfMinute = limiter.tryAcquire(key);
        RateLimiter.Decision refused = limiter.tryAcquire(key);
        time.advance(Duration.ofMillis(100));
        RateLimiter.Decision firstOfNext = limiter.tryAcquire(key);

        assertThat(lastOfMinute.allowed()).isTrue();
        assertThat(lastOfMinute.resetSeconds()).isEqualTo(1);
        assertThat(refused.allowed()).isFalse();
        assertThat(firstOfNext.allowed()).isTrue();
        assertThat(firstOfNext.resetSeconds()).isEqualTo(60);
    }

    @Test
    void buckets_expire_two_minutes_after_their_last_write_and_are_then_deleted() {
        PostgresRateLimiter limiter =
                new PostgresRateLimiter(dataSource, 5, new MutableClock(TEN_SECONDS_INTO_A_MINUTE));
        String expired = "key_" + UUID.randomUUID();
        String live = "key_" + UUID.randomUUID();
        limiter.tryAcquire(expired);
        limiter.tryAcquire(live);
        long expiresAt = jdbc.queryForObject(
                "select expires_at from identity.rate_limit_buckets where id like ?", Long.class, live + ":%");
        // bucket4j stamps expiry with the wall clock, not the limiter's clock
        assertThat(expiresAt - System.currentTimeMillis()).isBetween(100_000L, 120_000L);

        jdbc.update(
                "update identity.rate_limit_buckets set expires_at = ? where id like ?",
                System.currentTimeMillis() - 1,
                expired + ":%");
        int removed = limiter.removeExpired();

        assertThat(removed).isGreaterThanOrEqualTo(1);
        assertThat(bucketsOf(expired)).isZero();
        assertThat(bucketsOf(live)).isOne();
    }

    private int bucketsOf(String key) {
        return jdbc.queryForObject(
                "select count(*) from identity.rate_limit_buckets where id like ?", Integer.class, key + ":%");
    }
}
