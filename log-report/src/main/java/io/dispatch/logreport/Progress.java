package io.dispatch.logreport;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Entries done of the total, the rate and the time left, on standard error: a bar redrawn four
 * times a second on a terminal, otherwise one line every {@code LOG_EVERY_SECONDS} at most. The
 * reading thread only bumps a counter; a daemon thread draws.
 */
final class Progress implements AutoCloseable {

    private static final int LOG_EVERY_SECONDS = 5;
    private static final int BAR_WIDTH = 30;

    private final long total;
    private final PrintStream err;
    private final boolean terminal;
    private final long startedAt = System.nanoTime();
    private final ScheduledExecutorService drawer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("log-report-progress").factory());
    private volatile long done;

    Progress(long total, PrintStream err, boolean terminal) {
        this.total = total;
        this.err = err;
        this.terminal = terminal;
        if (terminal) {
            drawer.scheduleAtFixedRate(() -> draw(false), 250, 250, TimeUnit.MILLISECONDS);
        } else {
            drawer.scheduleAtFixedRate(() -> draw(false), LOG_EVERY_SECONDS, LOG_EVERY_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Called by the one reading thread for each entry. */
    void advance() {
        done++; // a single writer: the volatile write publishes it to the drawer
    }

    long done() {
        return done;
    }

    double seconds() {
        return (System.nanoTime() - startedAt) / 1e9;
    }

    private synchronized void draw(boolean last) {
        long now = done;
        double seconds = seconds();
        double rate = seconds > 0 ? now / seconds : 0;
        String eta = rate > 0 && total > now ? clock((long) ((total - now) / rate)) : "0:00";
        double share = total > 0 ? Math.min(1, (double) now / total) : 1;
        if (terminal) {
            int filled = (int) Math.round(share * BAR_WIDTH);
            err.printf(
                    "\r[%s%s] %,d/%,d entries %3.0f%% %,.0f/s ETA %s ",
                    "#".repeat(filled), ".".repeat(BAR_WIDTH - filled), now, total, share * 100, rate, eta);
            if (last) {
                err.println();
            }
        } else {
            err.printf(
                    "log-report: %,d/%,d entries (%.0f%%), %,.0f entries/s, ETA %s%n",
                    now, total, share * 100, rate, eta);
        }
        err.flush();
    }

    private static String clock(long seconds) {
        return seconds >= 3600
                ? String.format("%d:%02d:%02d", seconds / 3600, seconds % 3600 / 60, seconds % 60)
                : String.format("%d:%02d", seconds / 60, seconds % 60);
    }

    @Override
    public void close() {
        drawer.shutdownNow();
        try {
            drawer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (terminal) {
            draw(true);
        }
    }
}
