package io.dispatch.query.rebuild;

import io.dispatch.web.error.ApiException;
import java.lang.management.ManagementFactory;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.sql.DataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Rebuilds every read model from the log into fresh tables and switches reads to them (decisions.md
 * section 7, docs/adr/0016). The run: fresh empty tables; a replay of each topic from its start up
 * to where the live projections are, in batches, repeated until the remainder is small; then, in
 * one transaction holding the live tables locked, the remainder up to the live positions, the
 * checksums of both sets of tables, and the swap. Live reads and writes go on against the live
 * tables throughout and wait only for the swap; a failure anywhere leaves the live tables in use.
 */
public class ProjectionRebuild implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(ProjectionRebuild.class);
  private static final DateTimeFormatter KEPT = DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss").withZone(ZoneOffset.UTC);

  private final DataSource dataSource;
  private final Map<String, Object> consumerProperties;
  private final List<ReplayedProjection> projections;
  private final RebuildSettings settings;
  private final RebuildRuns runs;
  private final Clock clock;
  private final String instance = ManagementFactory.getRuntimeMXBean().getName();
  private volatile ReplayCounts current = new ReplayCounts();
  private final ExecutorService worker = Executors.newSingleThreadExecutor(task -> {
    Thread thread = new Thread(task, "projection-rebuild");
    thread.setDaemon(true);
    return thread;
  });

  public ProjectionRebuild(DataSource dataSource, Map<String, Object> consumerProperties,
      List<ReplayedProjection> projections, RebuildSettings settings, Clock clock) {
    this.dataSource = dataSource;
    this.consumerProperties = consumerProperties;
    this.projections = projections;
    this.settings = settings;
    this.runs = new RebuildRuns(dataSource, settings.abandonedAfter());
    this.clock = clock;
  }

  /** Starts a rebuild in the background; 409 while one runs (on any instance). */
  public RebuildStatus.Started start() {
    UUID id = UUID.randomUUID();
    RebuildStatus started = runs.start(id, instance, clock.instant())
        .filter(status -> id.equals(status.rebuildId()))
        .orElseThrow(() -> ApiException.conflict("A projection rebuild is running; wait for it to finish",
            Map.of("rebuild", runs.latest(clock.instant()).map(RebuildStatus::rebuildId).map(UUID::toString)
                .orElse(""))));
    log.info("Projection rebuild {} started on {}", id, instance);
    worker.submit(() -> run(id, started.startedAt()));
    return new RebuildStatus.Started(id, started.status(), started.startedAt());
  }

  public RebuildStatus status() {
    return runs.latest(clock.instant()).orElse(RebuildStatus.IDLE);
  }

  /**
   * Gauges of this instance's current or last run: {@code dispatch_rebuild_events_done},
   * {@code _events_total} and {@code _events_skipped}, and {@code dispatch_rebuild_running} (0 or 1).
   */
  public void registerMetrics(MeterRegistry meters) {
    Gauge.builder("dispatch.rebuild.events.done", () -> current.done())
        .description("events the projection rebuild has read (this instance's current or last run)").register(meters);
    Gauge.builder("dispatch.rebuild.events.total", () -> current.total())
        .description("events the projection rebuild has to read, as far as known").register(meters);
    Gauge.builder("dispatch.rebuild.events.skipped", () -> current.skipped())
        .description("events the projection rebuild read but could not apply").register(meters);
    Gauge.builder("dispatch.rebuild.running", () -> running ? 1 : 0)
        .description("1 while this instance runs a projection rebuild").register(meters);
  }

  private volatile boolean running;

  private void run(UUID id, Instant startedAt) {
    ReplayCounts counts = new ReplayCounts();
    current = counts;
    running = true;
    RebuildProgress progress = new RebuildProgress(id, startedAt, counts, runs, clock);
    try (Connection work = dataSource.getConnection(); LogReplay replay = new LogReplay(consumerProperties)) {
      try {
        Checksums checksums = replayAndSwap(work, replay, counts, progress);
        progress.finished();
        runs.succeeded(id, checksums.rebuilt(), checksums.replaced(), clock.instant());
        log.info("Projection rebuild {} succeeded: {} events ({} skipped: {}), checksum {} ({} before){}",
            id, counts.done(), counts.skipped(), counts.skippedByReason(), checksums.rebuilt(), checksums.replaced(),
            checksums.rebuilt().equals(checksums.replaced()) ? "" : ": the live tables differed from the log");
      } finally {
        pooledAgain(work);
      }
    } catch (Exception | LinkageError e) {
      String error = Thread.currentThread().isInterrupted() ? "stopped: the service shut down" : describe(e);
      log.error("Projection rebuild {} failed after {} events; the live tables stay in use: {}",
          id, counts.done(), error, e);
      runs.failed(id, error, clock.instant());
      dropQuietly();
    } finally {
      running = false;
    }
  }

  /** The fresh tables, the replay up to the live positions, and the swap. */
  private Checksums replayAndSwap(Connection work, LogReplay replay, ReplayCounts counts, RebuildProgress progress)
      throws SQLException {
    Map<String, Map<Integer, Long>> rebuilt = beginnings(replay);
    List<String> deferred = FreshTables.create(work, tables());
    work.setAutoCommit(false);
    // the fresh tables are thrown away if anything fails before the swap, whose own commit is durable
    try (Statement statement = work.createStatement()) {
      statement.execute("set synchronous_commit = off");
    }
    long loading = System.nanoTime();
    for (int round = 0; round < settings.maxCatchUpRounds(); round++) {
      Map<String, Map<Integer, Long>> targets = targets(work, replay);
      work.commit();
      long remaining = remaining(rebuilt, targets);
      if (round > 0 && remaining <= settings.switchLag()) {
        break;
      }
      counts.planned(remaining);
      replayUpTo(work, replay, rebuilt, targets, counts, progress);
    }
    long indexing = System.nanoTime();
    FreshTables.finishLoad(work, deferred);
    work.commit();
    log.info("Projection rebuild: {} events replayed in {} ms, indexes and logging added in {} ms",
        counts.done(), (indexing - loading) / 1_000_000, (System.nanoTime() - indexing) / 1_000_000);
    return switchIn(work, replay, rebuilt, counts, progress);
  }

  private Map<String, Map<Integer, Long>> beginnings(LogReplay replay) {
    Map<String, Map<Integer, Long>> beginnings = new HashMap<>();
    for (ReplayedProjection projection : projections) {
      Map<Integer, Long> first = replay.beginnings(projection.topic());
      if (!(projection instanceof RiderPositionReplay)) {
        first.forEach((partition, offset) -> {
          if (offset > 0) {
            throw new IllegalStateException("%s partition %d starts at offset %d: the topic's retention deleted "
                + "older events, so a rebuild from it would lose data. Keep the topic forever (retention.ms=-1, "
                + "docs/operating.md) and republish it from the event store".formatted(
                    projection.topic(), partition, offset));
          }
        });
      }
      beginnings.put(projection.topic(), new HashMap<>(first));
    }
    return beginnings;
  }

  /**
   * Where each live projection has got to. A partition it has no position for yet is read to its
   * end: the live projection either never saw a record there, or ran before it stored positions.
   */
  private Map<String, Map<Integer, Long>> targets(Connection connection, LogReplay replay) throws SQLException {
    Map<String, Map<Integer, Long>> targets = new HashMap<>();
    for (ReplayedProjection projection : projections) {
      Map<Integer, Long> live = new HashMap<>(replay.ends(projection.topic()));
      live.putAll(projection.livePositions(connection));
      targets.put(projection.topic(), live);
    }
    return targets;
  }

  private static long remaining(Map<String, Map<Integer, Long>> rebuilt, Map<String, Map<Integer, Long>> targets) {
    long remaining = 0;
    for (var topic : targets.entrySet()) {
      for (var target : topic.getValue().entrySet()) {
        remaining += Math.max(0, target.getValue() - rebuilt.get(topic.getKey()).getOrDefault(target.getKey(), 0L));
      }
    }
    return remaining;
  }

  private void replayUpTo(Connection work, LogReplay replay, Map<String, Map<Integer, Long>> rebuilt,
      Map<String, Map<Integer, Long>> targets, ReplayCounts counts, RebuildProgress progress) {
    for (ReplayedProjection projection : projections) {
      replay.read(projection.topic(), rebuilt.get(projection.topic()), targets.get(projection.topic()),
          batch -> apply(work, projection, batch, counts, progress));
    }
  }

  /**
   * One transaction per batch. A batch the database refuses (e.g. a NUL character jsonb cannot
   * hold) is applied again a record at a time, and only the refused records are skipped, as the
   * live projection dead-letters them.
   */
  private static void apply(Connection work, ReplayedProjection projection, List<ConsumerRecord<byte[], byte[]>> batch,
      ReplayCounts counts, RebuildProgress progress) {
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
      throw new IllegalStateException("writing the rebuilt " + projection.topic() + " rows failed: " + e.getMessage(), e);
    }
    counts.done(batch.size());
    progress.maybeReport();
  }

  private record Checksums(String rebuilt, String replaced) {}

  /** The last stretch and the swap, in one transaction that holds the live tables (and their positions) locked. */
  private Checksums switchIn(Connection work, LogReplay replay, Map<String, Map<Integer, Long>> rebuilt,
      ReplayCounts counts, RebuildProgress progress) throws SQLException {
    try (Connection control = dataSource.getConnection()) {
      control.setAutoCommit(false);
      try (Statement statement = control.createStatement()) {
        statement.execute("set local lock_timeout = '" + settings.lockTimeout().toMillis() + "ms'");
        List<String> locked = new ArrayList<>(tables());
        locked.add("projection_positions");
        statement.execute("lock table " + String.join(", ", locked.stream().map(t -> "query." + t).toList())
            + " in access exclusive mode");
        Instant lockedAt = clock.instant();
        Map<String, Map<Integer, Long>> targets = targets(control, replay);
        counts.planned(remaining(rebuilt, targets));
        replayUpTo(work, replay, rebuilt, targets, counts, progress);
        Checksums checksums = settings.checksums() ? checksums(work, control, tables())
            : new Checksums("not computed", "not computed");
        String kept = settings.keepPrevious() ? "query_replaced_" + KEPT.format(clock.instant()) : null;
        FreshTables.switchIn(control, tables(), kept);
        control.commit();
        log.info("Projection rebuild switched reads to the rebuilt tables; reads and writes waited {} ms{}",
            Duration.between(lockedAt, clock.instant()).toMillis(),
            kept == null ? "; the replaced tables were dropped" : "; the replaced tables are kept in schema " + kept);
        return checksums;
      } catch (SQLException e) {
        control.rollback();
        if ("55P03".equals(e.getSQLState())) {
          throw new IllegalStateException("the live tables stayed busy for longer than dispatch.rebuild.lock-timeout ("
              + settings.lockTimeout() + "), e.g. a long report holds them; retry when they are quieter", e);
        }
        throw e;
      } catch (RuntimeException e) {
        control.rollback();
        throw e;
      }
    }
  }

  /** Both at once: the rebuilt tables on the work connection, the locked live ones on the lock's. */
  private static Checksums checksums(Connection work, Connection control, List<String> tables)
      throws SQLException {
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

  /** The connection goes back to the pool as it came: no open transaction, the server's commit setting. */
  private static void pooledAgain(Connection work) {
    try (Statement statement = work.createStatement()) {
      work.rollback();
      work.setAutoCommit(true);
      statement.execute("reset synchronous_commit");
    } catch (SQLException e) {
      log.warn("Could not reset the rebuild's connection: {}", e.getMessage());
    }
  }

  private void dropQuietly() {
    try (Connection connection = dataSource.getConnection()) {
      FreshTables.drop(connection);
    } catch (SQLException e) {
      log.warn("Could not drop schema {} after the failed rebuild (the next run drops it): {}",
          FreshTables.SCHEMA, e.getMessage());
    }
  }

  private static String describe(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return message.length() > 1000 ? message.substring(0, 1000) + "..." : message;
  }

  @Override
  public void destroy() {
    worker.shutdownNow();
  }
}
