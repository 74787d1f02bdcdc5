package io.dispatch.query.whatif;

import io.dispatch.logreport.read.SourceUnavailableException;
import io.dispatch.web.error.ApiException;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * The console's what-if jobs on this instance (docs/adr/0052): one runs at a time on a thread of its own, at most
 * {@code maxQueued} wait behind it, and one more is refused with 503. Jobs live in {@code query.whatif_jobs}, so any
 * instance answers their status; this one beats the heartbeat of its open jobs, and fails them when it stops.
 */
public class WhatIfRunner implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(WhatIfRunner.class);
    static final int LISTED = 20;
    private static final Duration CLOSING_WAIT = Duration.ofSeconds(2);

    private final WhatIfJobs jobs;
    private final WhatIfRun run;
    private final Clock clock;
    private final Duration keepFor;
    /** The process and a random part: a container restarted under the same pid and host is another instance. */
    private final String instance = ManagementFactory.getRuntimeMXBean().getName() + "/"
            + UUID.randomUUID().toString().substring(0, 8);
    /** The running job and the waiting ones: a permit each. */
    private final Semaphore places;

    private final int maxQueued;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("whatif").factory());

    WhatIfRunner(WhatIfJobs jobs, WhatIfRun run, WhatIfProperties settings, Clock clock) {
        this.jobs = jobs;
        this.run = run;
        this.clock = clock;
        this.keepFor = settings.keepFor();
        this.maxQueued = settings.maxQueued();
        this.places = new Semaphore(1 + settings.maxQueued());
    }

    /** A new QUEUED job, run when this instance is free; 503 when it already holds as many as it may. */
    public WhatIfJob submit(WhatIfRequest request, String requestedBy) {
        if (!places.tryAcquire()) {
            throw ApiException.unavailable("This instance is running a what-if comparison and " + maxQueued
                    + " more wait behind it; ask again when one of them is done");
        }
        try {
            UUID id = UUID.randomUUID();
            WhatIfJob job = jobs.queue(id, request, requestedBy, instance, clock.instant());
            worker.execute(() -> runAndRelease(id, request));
            log.info(
                    "What-if {} queued on {} by {}: {} zone {} under {}",
                    id,
                    instance,
                    requestedBy,
                    request.day(),
                    request.zoneId() == null ? "(all)" : request.zoneId(),
                    request.modes());
            return job;
        } catch (RuntimeException e) {
            places.release();
            throw e;
        }
    }

    public WhatIfJob job(UUID id) {
        return jobs.find(id, clock.instant()).orElseThrow(() -> ApiException.notFound("What-if job"));
    }

    /** The newest jobs of every instance, without their results. */
    public List<WhatIfJob> latest() {
        return jobs.latest(LISTED, clock.instant());
    }

    void heartbeat() {
        jobs.heartbeat(instance, clock.instant());
    }

    /** Deletes the jobs that finished longer than {@code dispatch.whatif.keep-for} ago, their results with them. */
    int removeOld() {
        int removed = jobs.removeFinishedBefore(clock.instant().minus(keepFor));
        if (removed > 0) {
            log.info(
                    "Deleted {} what-if job(s) finished more than {} ago (dispatch.whatif.keep-for)", removed, keepFor);
        }
        return removed;
    }

    private void runAndRelease(UUID id, WhatIfRequest request) {
        try {
            run.run(id, request);
            log.info("What-if {} done", id);
        } catch (WhatIfRun.Refused | SourceUnavailableException e) {
            log.warn("What-if {} failed: {}", id, e.getMessage());
            jobs.failed(id, e.getMessage(), clock.instant());
        } catch (Exception | LinkageError e) {
            log.error("What-if {} failed", id, e);
            jobs.failed(id, "the comparison failed: " + describe(e), clock.instant());
        } finally {
            places.release();
        }
    }

    private static String describe(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.length() > 1000 ? message.substring(0, 1000) + "..." : message;
    }

    /**
     * Fails this instance's open jobs at once, when it has any. The database may already be going away as the
     * process stops: the wait is short, and the heartbeat closes them within a minute anyway.
     */
    @Override
    public void destroy() {
        worker.shutdownNow();
        if (places.availablePermits() == 1 + maxQueued) {
            return;
        }
        try {
            int stopped = CompletableFuture.supplyAsync(
                            () -> jobs.failAll(instance, "stopped: the service shut down; ask again", clock.instant()))
                    .get(CLOSING_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            log.info("{} what-if jobs of {} ended as FAILED: the service is stopping", stopped, instance);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            log.warn(
                    "Could not close this instance's what-if jobs; they read as FAILED within a minute: {}",
                    e.toString());
        }
    }
}
