package io.dispatch.query.rebuild;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Writes the replayed batches into the fresh tables on the rebuild's work connection, counting
 * what was applied and skipped. Kept apart from {@link RebuildRun}, which decides how far to
 * replay and when to swap; this class only decides what one batch does to the fresh tables.
 */
final class FreshBatches {

    private final Connection work;
    private final ReplayCounts counts;
    private final RebuildProgress progress;

    FreshBatches(Connection work, ReplayCounts counts, RebuildProgress progress) {
        this.work = work;
        this.counts = counts;
        this.progress = progress;
    }

    /**
     * One transaction per batch. A batch the database refuses (e.g. a NUL character jsonb cannot
     * hold) is applied again a record at a time, and only the refused records are skipped, as the
     * live projection dead-letters them.
     */
    void apply(ReplayedProjection projection, List<ConsumerRecord<byte[], byte[]>> batch) {
        try {
            try {
                Skips skips = new Skips();
                projection.apply(work, FreshTables.SCHEMA, batch, skips);
                work.commit();
                counts.add(skips);
            } catch (SQLException refused) {
                work.rollback();
                for (ConsumerRecord<byte[], byte[]> record : batch) {
                    Skips skips = new Skips();
                    try {
                        projection.apply(work, FreshTables.SCHEMA, List.of(record), skips);
                        work.commit();
                    } catch (SQLException e) {
                        work.rollback();
                        skips.skipped("refused by the database", Decoded.where(record), e.getMessage());
                    }
                    counts.add(skips);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "writing the rebuilt " + projection.topic() + " rows failed: " + e.getMessage(), e);
        }
        counts.done(batch.size());
        progress.maybeReport();
    }
}
