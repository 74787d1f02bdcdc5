package io.dispatch.query.rebuild;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Every few seconds: a log line (done, total, rate, ETA) and the run's row (its heartbeat too). */
final class RebuildProgress {

    private static final Logger log = LoggerFactory.getLogger(ProjectionRebuild.class);
    private static final Duration EVERY = Duration.ofSeconds(5);

    private final UUID id;
    private final Instant startedAt;
    private final ReplayCounts counts;
    private final RebuildRuns runs;
    private final Clock clock;
    private Instant lastReport;
    private boolean held;

    RebuildProgress(UUID id, Instant startedAt, ReplayCounts counts, RebuildRuns runs, Clock clock) {
        this.id = id;
        this.startedAt = startedAt;
        this.counts = counts;
        this.runs = runs;
        this.clock = clock;
        this.lastReport = clock.instant();
    }

    void maybeReport() {
        if (held) {
            return;
        }
        Instant now = clock.instant();
        if (Duration.between(lastReport, now).compareTo(EVERY) >= 0) {
            lastReport = now;
            report(now);
            long done = counts.done();
            long total = counts.total();
            double rate = rate(now);
            log.info(
                    "Projection rebuild {}: {} of {} events ({}%), {} events/s, about {} s left, {} skipped",
                    id,
                    done,
                    total,
                    total == 0 ? 100 : done * 100 / total,
                    Math.round(rate),
                    rate == 0 ? "?" : Math.round((total - done) / rate),
                    counts.skipped());
        }
    }

    /**
     * No report until {@link #finished()}: each report writes the run's row on a pooled connection, which the swap
     * must not wait for while it holds the live tables locked ({@link RebuildRun}).
     */
    void holdUntilFinished() {
        held = true;
    }

    /** The final figures, before the run is marked finished. */
    void finished() {
        report(clock.instant());
    }

    private void report(Instant now) {
        runs.progress(id, counts.done(), counts.total(), counts.skipped(), rate(now), now);
    }

    private double rate(Instant now) {
        double seconds = Duration.between(startedAt, now).toMillis() / 1000.0;
        return seconds <= 0 ? 0 : counts.done() / seconds;
    }
}
