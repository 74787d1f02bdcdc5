package io.dispatch.query.rebuild;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One rebuild, from the fresh tables to the swap (docs/adr/0016): a replay of each topic from its
 * start up to where the live projections are, in batches, repeated until the remainder is small;
 * then, in one transaction holding the live tables locked, the remainder up to the live positions,
 * the checksums of both sets of tables, and the swap. Batches are written on {@code work} by
 * {@link FreshBatches}; the swap runs on a connection of its own.
 */
final class RebuildRun {

    private static final Logger log = LoggerFactory.getLogger(ProjectionRebuild.class);
    private static final DateTimeFormatter KEPT =
            DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss").withZone(ZoneOffset.UTC);

    private final DataSource dataSource;
    private final List<ReplayedProjection> projections;
    private final RebuildProperties settings;
    private final Clock clock;
    private final Connection work;
    private final LogReplay replay;
    private final ReplayCounts counts;
    private final FreshBatches batches;
    private final RebuildProgress progress;

    RebuildRun(
            DataSource dataSource,
            List<ReplayedProjection> projections,
            RebuildProperties settings,
            Clock clock,
            Connection work,
            LogReplay replay,
            ReplayCounts counts,
            RebuildProgress progress) {
        this.dataSource = dataSource;
        this.projections = projections;
        this.settings = settings;
        this.clock = clock;
        this.work = work;
        this.replay = replay;
        this.counts = counts;
        this.batches = new FreshBatches(work, counts, progress);
        this.progress = progress;
    }

    /** The fresh tables, the replay up to the live positions, and the swap. */
    Checksums replayAndSwap() throws SQLException {
        Map<ReplayedProjection, Map<Integer, Long>> rebuilt = beginnings();
        List<String> deferred = FreshTables.create(work, tables());
        work.setAutoCommit(false);
        // the fresh tables are thrown away if anything fails before the swap, whose own commit is durable
        try (Statement statement = work.createStatement()) {
            statement.execute("set synchronous_commit = off");
        }
        long loading = System.nanoTime();
        for (int round = 0; round < settings.maxCatchUpRounds(); round++) {
            Map<ReplayedProjection, Map<Integer, Long>> targets = targets(work);
            work.commit();
            long remaining = remaining(rebuilt, targets);
            if (round > 0 && remaining <= settings.switchLag()) {
                break;
            }
            counts.planned(remaining);
            replayUpTo(rebuilt, targets);
        }
        long indexing = System.nanoTime();
        FreshTables.finishLoad(work, deferred);
        work.commit();
        log.info(
                "Projection rebuild: {} events replayed in {} ms, indexes and logging added in {} ms",
                counts.done(),
                (indexing - loading) / 1_000_000,
                (System.nanoTime() - indexing) / 1_000_000);
        return switchIn(rebuilt);
    }

    private Map<ReplayedProjection, Map<Integer, Long>> beginnings() {
        Map<ReplayedProjection, Map<Integer, Long>> beginnings = new HashMap<>();
        for (ReplayedProjection projection : projections) {
            Map<Integer, Long> first = replay.beginnings(projection.topic());
            if (!(projection instanceof RiderPositionReplay)) {
                first.forEach((partition, offset) -> {
                    if (offset > 0) {
                        throw new IllegalStateException(
                                "%s partition %d starts at offset %d: the topic's retention deleted "
                                        + "older events, so a rebuild from it would lose data. Keep the topic forever (retention.ms=-1, "
                                        + "docs/operating.md) and republish it from the event store"
                                                .formatted(projection.topic(), partition, offset));
                    }
                });
            }
            beginnings.put(projection, new HashMap<>(first));
        }
        return beginnings;
    }

    /**
     * Where each live projection has got to, by projection rather than by topic: two projections
     * of one topic (the deliveries and the decisions of dispatch-events) are consumer groups of
     * their own, each at its own position, and each fresh table is replayed up to its own. A partition it has no position for yet is read to its
     * end: the live projection either never saw a record there, or ran before it stored positions.
     */
    private Map<ReplayedProjection, Map<Integer, Long>> targets(Connection connection) throws SQLException {
        Map<ReplayedProjection, Map<Integer, Long>> targets = new HashMap<>();
        for (ReplayedProjection projection : projections) {
            Map<Integer, Long> live = new HashMap<>(replay.ends(projection.topic()));
            live.putAll(projection.livePositions(connection));
            targets.put(projection, live);
        }
        return targets;
    }

    private static long remaining(
            Map<ReplayedProjection, Map<Integer, Long>> rebuilt, Map<ReplayedProjection, Map<Integer, Long>> targets) {
        long remaining = 0;
        for (var projection : targets.entrySet()) {
            for (var target : projection.getValue().entrySet()) {
                remaining += Math.max(
                        0, target.getValue() - rebuilt.get(projection.getKey()).getOrDefault(target.getKey(), 0L));
            }
        }
        return remaining;
    }

    private void replayUpTo(
            Map<ReplayedProjection, Map<Integer, Long>> rebuilt, Map<ReplayedProjection, Map<Integer, Long>> targets) {
        for (ReplayedProjection projection : projections) {
            replay.read(
                    projection.topic(),
                    rebuilt.get(projection),
                    targets.get(projection),
                    batch -> batches.apply(projection, batch));
        }
    }

    record Checksums(String rebuilt, String replaced) {}

    /**
     * The last stretch and the swap, in one transaction that holds the live tables (and their positions) locked.
     * While it holds them it asks the pool for nothing more: the pool's other users, waiting for those tables, may
     * hold every other connection, and a request for one would wait for the pool's timeout with reads and writes
     * stopped. So its progress is reported again only once the swap is over.
     */
    private Checksums switchIn(Map<ReplayedProjection, Map<Integer, Long>> rebuilt) throws SQLException {
        try (Connection control = dataSource.getConnection()) {
            progress.holdUntilFinished();
            control.setAutoCommit(false);
            try (Statement statement = control.createStatement()) {
                statement.execute(
                        "set local lock_timeout = '" + settings.lockTimeout().toMillis() + "ms'");
                List<String> locked = new ArrayList<>(tables());
                locked.add("projection_positions");
                statement.execute("lock table "
                        + String.join(
                                ", ", locked.stream().map(t -> "query." + t).toList()) + " in access exclusive mode");
                Instant lockedAt = clock.instant();
                Map<ReplayedProjection, Map<Integer, Long>> targets = targets(control);
                counts.planned(remaining(rebuilt, targets));
                replayUpTo(rebuilt, targets);
                Checksums checksums = settings.checksums()
                        ? checksums(work, control, tables())
                        : new Checksums("not computed", "not computed");
                String kept = settings.keepPrevious() ? "query_replaced_" + KEPT.format(clock.instant()) : null;
                FreshTables.switchIn(control, tables(), kept);
                control.commit();
                log.info(
                        "Projection rebuild switched reads to the rebuilt tables; reads and writes waited {} ms{}",
                        Duration.between(lockedAt, clock.instant()).toMillis(),
                        kept == null
                                ? "; the replaced tables were dropped"
                                : "; the replaced tables are kept in schema " + kept);
                return checksums;
            } catch (SQLException e) {
                control.rollback();
                if ("55P03".equals(e.getSQLState())) {
                    throw new IllegalStateException(
                            "the live tables stayed busy for longer than dispatch.rebuild.lock-timeout ("
                                    + settings.lockTimeout()
                                    + "), e.g. a long report holds them; retry when they are quieter",
                            e);
                }
                throw e;
            } catch (RuntimeException e) {
                control.rollback();
                throw e;
            }
        }
    }

    /** Both at once: the rebuilt tables on the work connection, the locked live ones on the lock's. */
    private static Checksums checksums(Connection work, Connection control, List<String> tables) throws SQLException {
        CompletableFuture<String> rebuilt = CompletableFuture.supplyAsync(() -> {
            try {
                String sum = TableChecksums.of(work, FreshTables.SCHEMA, tables);
                work.commit(); // its read locks would stop the swap from moving the tables
                return sum;
            } catch (SQLException e) {
                throw new CompletionException(e);
            }
        });
        String replaced = TableChecksums.of(control, "query", tables);
        try {
            return new Checksums(rebuilt.join(), replaced);
        } catch (CompletionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw e;
        }
    }

    private List<String> tables() {
        List<String> tables = new ArrayList<>();
        projections.forEach(projection -> tables.addAll(projection.tables()));
        return tables;
    }
}
