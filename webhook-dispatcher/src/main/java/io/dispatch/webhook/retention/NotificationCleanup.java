package io.dispatch.webhook.retention;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes finished notifications older than their retention, in batches of {@code batch-size}
 * rows, each batch its own short transaction: a batch locks only the rows it deletes (skipping
 * any another transaction holds), so the sender, the recorder and the feed never wait for a
 * round. PENDING notifications, and finished ones whose last state has not reached Kafka yet
 * (query-service's list would keep them PENDING), are never deleted. The same transaction
 * moves each merchant's feed horizon to the newest feed position it deleted (docs/adr/0019).
 */
@Component
public class NotificationCleanup {

    private static final Logger log = LoggerFactory.getLogger(NotificationCleanup.class);
    static final String TABLE = "webhook.notifications";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final RetentionProperties retention;
    private final Clock clock;
    private final Counter deleted;
    private final Timer batches;

    public NotificationCleanup(
            JdbcTemplate jdbc,
            TransactionTemplate transactions,
            RetentionProperties retention,
            MeterRegistry meters,
            Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.retention = retention;
        this.clock = clock;
        this.deleted = RetentionMeters.deleted(meters, TABLE);
        this.batches = RetentionMeters.batches(meters, TABLE);
    }

    /** What one round did. */
    public record Round(long succeeded, long failed, int batches, long millis, long longestBatchMillis) {
        long rows() {
            return succeeded + failed;
        }
    }

    public Round runOnce() {
        long started = System.nanoTime();
        Instant now = clock.instant();
        long[] longest = {0};
        int[] count = {0};
        long succeeded = deleteAll("SUCCEEDED", now.minus(retention.succeeded()), longest, count);
        long failed = deleteAll("FAILED", now.minus(retention.failed()), longest, count);
        Round round = new Round(succeeded, failed, count[0], elapsedMillis(started), longest[0]);
        if (round.rows() > 0) {
            log.info(
                    "Retention deleted {} notifications ({} SUCCEEDED, {} FAILED) in {} batches, {} ms (longest batch {} ms)",
                    round.rows(),
                    succeeded,
                    failed,
                    round.batches(),
                    round.millis(),
                    round.longestBatchMillis());
        }
        return round;
    }

    private long deleteAll(String status, Instant olderThan, long[] longest, int[] count) {
        long total = 0;
        int batch;
        do {
            long started = System.nanoTime();
            batch = transactions.execute(tx -> deleteBatch(status, olderThan));
            long nanos = System.nanoTime() - started;
            batches.record(nanos, TimeUnit.NANOSECONDS);
            longest[0] = Math.max(longest[0], Duration.ofNanos(nanos).toMillis());
            count[0]++;
            deleted.increment(batch);
            total += batch;
        } while (batch == retention.batchSize());
        return total;
    }

    private int deleteBatch(String status, Instant olderThan) {
        return jdbc.queryForObject("""
        with deleted as (
          delete from webhook.notifications
           where ctid = any(array(
             select ctid from webhook.notifications
              where status = ? and updated_at < ? and (published_revision >= revision or dispatch_id is null)
              limit ? for update skip locked))
          returning merchant_id, feed_xid, feed_position),
        horizon as (
          insert into webhook.feed_horizons (merchant_id, feed_xid, feed_position)
          select distinct on (merchant_id) merchant_id, feed_xid, feed_position
            from deleted order by merchant_id, feed_xid desc, feed_position desc
          on conflict (merchant_id) do update
            set feed_xid = excluded.feed_xid, feed_position = excluded.feed_position
            where (excluded.feed_xid, excluded.feed_position)
                > (webhook.feed_horizons.feed_xid, webhook.feed_horizons.feed_position))
        select count(*) from deleted""", Integer.class, status, Timestamp.from(olderThan), retention.batchSize());
    }

    private static long elapsedMillis(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos).toMillis();
    }
}
