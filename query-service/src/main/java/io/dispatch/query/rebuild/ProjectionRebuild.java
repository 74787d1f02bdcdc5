package io.dispatch.query.rebuild;

import io.dispatch.web.error.ApiException;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Rebuilds every read model from the log into fresh tables and switches reads to them (decisions.md
 * section 7, docs/adr/0016): starts one run at a time in the background ({@link RebuildRun}),
 * records its outcome in {@code query.rebuilds}, and reports it. Live reads and writes go on
 * against the live tables throughout and wait only for the swap; a failure anywhere leaves the live
 * tables in use, and the next POST retries from the start.
 */
public class ProjectionRebuild implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ProjectionRebuild.class);

    private final DataSource dataSource;
    private final Map<String, Object> consumerProperties;
    private final List<ReplayedProjection> projections;
    private final RebuildProperties settings;
    private final RebuildRuns runs;
    private final Clock clock;
    private final String instance = ManagementFactory.getRuntimeMXBean().getName();
    private volatile ReplayCounts current = new ReplayCounts();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "projection-rebuild");
        thread.setDaemon(true);
        return thread;
    });

    public ProjectionRebuild(
            DataSource dataSource,
            Map<String, Object> consumerProperties,
            List<ReplayedProjection> projections,
            RebuildProperties settings,
            Clock clock) {
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
                .orElseThrow(() -> ApiException.conflict(
                        "A projection rebuild is running; wait for it to finish",
                        Map.of(
                                "rebuild",
                                runs.latest(clock.instant())
                                        .map(RebuildStatus::rebuildId)
                                        .map(UUID::toString)
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
                .description("events the projection rebuild has read (this instance's current or last run)")
                .register(meters);
        Gauge.builder("dispatch.rebuild.events.total", () -> current.total())
                .description("events the projection rebuild has to read, as far as known")
                .register(meters);
        Gauge.builder("dispatch.rebuild.events.skipped", () -> current.skipped())
                .description("events the projection rebuild read but could not apply")
                .register(meters);
        Gauge.builder("dispatch.rebuild.running", () -> running ? 1 : 0)
                .description("1 while this instance runs a projection rebuild")
                .register(meters);
    }

    private volatile boolean running;

    private void run(UUID id, Instant startedAt) {
        ReplayCounts counts = new ReplayCounts();
        current = counts;
        running = true;
        RebuildProgress progress = new RebuildProgress(id, startedAt, counts, runs, clock);
        try (Connection work = dataSource.getConnection();
                LogReplay replay = new LogReplay(consumerProperties)) {
            try {
                RebuildRun.Checksums checksums = new RebuildRun(
                                dataSource, projections, settings, clock, work, replay, counts, progress)
                        .replayAndSwap();
                progress.finished();
                runs.succeeded(id, checksums.rebuilt(), checksums.replaced(), clock.instant());
                log.info(
                        "Projection rebuild {} succeeded: {} events ({} skipped: {}), checksum {} ({} before){}",
                        id,
                        counts.done(),
                        counts.skipped(),
                        counts.skippedByReason(),
                        checksums.rebuilt(),
                        checksums.replaced(),
                        checksums.rebuilt().equals(checksums.replaced())
                                ? ""
                                : ": the live tables differed from the log");
            } finally {
                pooledAgain(work);
            }
        } catch (Exception | LinkageError e) {
            String error = Thread.currentThread().isInterrupted() ? "stopped: the service shut down" : describe(e);
            log.error(
                    "Projection rebuild {} failed after {} events; the live tables stay in use: {}",
                    id,
                    counts.done(),
                    error,
                    e);
            runs.failed(id, error, clock.instant());
            dropQuietly();
        } finally {
            running = false;
        }
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
            log.warn(
                    "Could not drop schema {} after the failed rebuild (the next run drops it): {}",
                    FreshTables.SCHEMA,
                    e.getMessage());
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
