package io.dispatch.web.ratelimit;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;

/**
 * Fixed one-minute windows shared by every instance, kept in PostgreSQL by bucket4j. Each API
 * key gets one bucket per epoch minute (id {@code <keyId>:<epochMinute>}) holding {@code limit}
 * tokens, so every instance addresses the same row with the same configuration and the count is
 * exact: the bucket is read and written under {@code SELECT ... FOR UPDATE}, never a 61st.
 *
 * <p>The bucket's refill period is the window length and starts when the bucket is created
 * (inside its window), so it cannot refill before its window has ended, when no instance uses it
 * any more. Buckets expire two windows after their last write (bucket4j stamps the expiry with
 * the wall clock) and are deleted by {@link #removeExpired()}. When PostgreSQL cannot be reached
 * the limiter throws: requests are then answered 500 rather than let through unlimited.
 */
public class PostgresRateLimiter implements RateLimiter {

    static final Duration WINDOW = Duration.ofMinutes(1);
    private static final String TABLE = "identity.rate_limit_buckets";
    private static final int CLEANUP_BATCH = 1_000;

    private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;
    private final BucketConfiguration configuration;
    private final int limit;
    private final Clock clock;

    public PostgresRateLimiter(DataSource dataSource, int limit, Clock clock) {
        this.limit = limit;
        this.clock = clock;
        this.configuration = BucketConfiguration.builder()
                .addLimit(bandwidth -> bandwidth.capacity(limit).refillIntervally(limit, WINDOW))
                .build();
        this.buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table(TABLE)
                .clientClock(wallClock(clock))
                .expirationAfterWrite(ExpirationAfterWriteStrategy.fixedTimeToLive(WINDOW.multipliedBy(2)))
                .build();
    }

    @Override
    public Decision tryAcquire(String apiKeyId) {
        Instant now = clock.instant();
        long epochMinute = Math.floorDiv(now.getEpochSecond(), WINDOW.toSeconds());
        Instant windowEnd = Instant.ofEpochSecond((epochMinute + 1) * WINDOW.toSeconds());
        ConsumptionProbe probe = buckets.builder()
                .build(apiKeyId + ":" + epochMinute, () -> configuration)
                .tryConsumeAndReturnRemaining(1);
        return new Decision(probe.isConsumed(), limit, probe.getRemainingTokens(), secondsUntil(now, windowEnd));
    }

    /** Deletes buckets of windows long past; returns how many. */
    public int removeExpired() {
        int removed = 0;
        int batch;
        do {
            batch = buckets.removeExpired(CLEANUP_BATCH);
            removed += batch;
        } while (batch == CLEANUP_BATCH);
        return removed;
    }

    private static long secondsUntil(Instant now, Instant end) {
        long millis = Duration.between(now, end).toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }

    /** bucket4j's time from the same clock as the windows, so both agree (and tests can move it). */
    private static TimeMeter wallClock(Clock clock) {
        return new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                Instant now = clock.instant();
                return now.getEpochSecond() * 1_000_000_000L + now.getNano();
            }

            @Override
            public boolean isWallClockBased() {
                return true;
            }
        };
    }
}
