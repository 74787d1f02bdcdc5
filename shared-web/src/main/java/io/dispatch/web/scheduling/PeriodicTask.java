package io.dispatch.web.scheduling;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * A housekeeping job run on its own daemon thread at a fixed delay while the application
 * context runs. Deliberately not {@code @Scheduled}: shared-web must not depend on the
 * importing service enabling scheduling, nor enable it for the service's own beans.
 */
public final class PeriodicTask implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final Duration interval;
    private final Runnable task;
    private ScheduledExecutorService executor;

    public PeriodicTask(String name, Duration interval, Runnable task) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException(name + ": the interval must be positive, was " + interval);
        }
        this.name = name;
        this.interval = interval;
        this.task = task;
    }

    @Override
    public synchronized void start() {
        if (executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name(name).factory());
        long millis = interval.toMillis();
        executor.scheduleWithFixedDelay(this::runOnce, millis, millis, TimeUnit.MILLISECONDS);
    }

    private void runOnce() {
        try {
            task.run();
        } catch (RuntimeException e) {
            // the next run may succeed (e.g. the database was away): keep the schedule
            log.warn("{} failed; next attempt in {}", name, interval, e);
        }
    }

    @Override
    public synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }
}
