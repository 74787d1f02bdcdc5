package io.dispatch.webhook.delivery;

import io.dispatch.events.NotificationStatus;
import io.dispatch.web.request.LogContext;
import io.dispatch.web.scheduling.NudgedLoop;
import io.dispatch.webhook.attempt.AttemptPublisher;
import io.dispatch.webhook.endpoint.EndpointHealth;
import io.dispatch.webhook.endpoint.WebhookEndpoints;
import io.dispatch.webhook.notification.NotificationClaims;
import io.dispatch.webhook.notification.NotificationClaims.Claimed;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The claim loop: leases due notifications (several dispatchers share the table, none attempts
 * the same notification at once), sends each on its own virtual thread within its endpoint's
 * bulkhead, signed at send time with the endpoint's current secret and a fresh timestamp, and
 * records the outcome and the next attempt. Woken when a notification is recorded or an attempt
 * ends, and at least every {@link #IDLE_POLL} for retries that fall due. On stop it claims no
 * more and lets attempts in flight finish and be recorded.
 */
@Component
public class WebhookSender implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WebhookSender.class);
    static final int BATCH = 100;
    static final Duration IDLE_POLL = Duration.ofMillis(250);
    /** Claims at most this often: attempts ending in quick succession share one claim query. */
    static final Duration MIN_CLAIM_GAP = Duration.ofMillis(10);

    private final NotificationClaims claims;
    private final WebhookEndpoints endpoints;
    private final WebhookHttp http;
    private final WebhookProperties properties;
    private final WebhookMetrics metrics;
    private final AttemptPublisher publisher;
    private final Clock clock;
    private final EndpointLanes lanes;
    private final EndpointHealth health;
    private final NudgedLoop loop = new NudgedLoop(
            "webhook-claims",
            IDLE_POLL,
            Duration.ofSeconds(1),
            log,
            "Claiming due webhooks failed; retrying in 1 s",
            this::claimRound);
    private ExecutorService senders;

    public WebhookSender(
            NotificationClaims claims,
            WebhookEndpoints endpoints,
            WebhookHttp http,
            WebhookProperties properties,
            WebhookMetrics metrics,
            AttemptPublisher publisher,
            EndpointHealth health,
            Clock clock) {
        this.claims = claims;
        this.endpoints = endpoints;
        this.http = http;
        this.properties = properties;
        this.metrics = metrics;
        this.publisher = publisher;
        this.health = health;
        this.clock = clock;
        this.lanes = new EndpointLanes(properties.maxInFlight(), properties.maxInFlightPerEndpoint());
        metrics.narrowedLanes(lanes::narrowed);
    }

    /** Something may have become due: claim now rather than at the next poll. */
    public void nudge() {
        loop.nudge();
    }

    public int inFlight() {
        return lanes.inFlight();
    }

    @Override
    public synchronized void start() {
        if (loop.isRunning()) {
            return;
        }
        senders = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("webhook-attempt-", 0).factory());
        loop.start();
    }

    @Override
    public synchronized void stop() {
        if (!loop.isRunning()) {
            return;
        }
        try {
            loop.stop(Duration.ofSeconds(10));
            senders.shutdown();
            Duration grace = properties
                    .connectTimeout()
                    .plus(properties.responseTimeout())
                    .plusSeconds(5);
            if (!senders.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("Webhook attempts still running after {}; their leases expire and they are retried", grace);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return loop.isRunning();
    }

    /** A claim round, then at least {@link #MIN_CLAIM_GAP} before the next; true when it filled a batch. */
    private boolean claimRound() {
        long started = System.nanoTime();
        int dispatched = claimAndSend();
        long gap = MIN_CLAIM_GAP.toNanos() - (System.nanoTime() - started);
        if (gap > 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(gap);
        }
        return dispatched >= BATCH;
    }

    /** One claim round; the number of attempts started. */
    int claimAndSend() {
        int free = lanes.free();
        if (free == 0) {
            return 0;
        }
        Instant now = clock.instant();
        List<Claimed> claimed =
                claims.claim(now, now.plus(properties.claimLease()), Math.min(BATCH, free), lanes.saturated());
        List<UUID> giveBack = new ArrayList<>();
        int started = 0;
        for (Claimed notification : claimed) {
            Optional<EndpointLanes.Slot> slot = lanes.tryEnter(notification.merchantId());
            if (slot.isEmpty()) {
                giveBack.add(notification.id());
                continue;
            }
            started++;
            senders.execute(() -> {
                EndpointLanes.Signal signal = EndpointLanes.Signal.OTHER;
                try {
                    signal = attempt(notification);
                } finally {
                    slot.get().close(signal);
                    nudge();
                }
            });
        }
        claims.release(giveBack);
        return started;
    }

    /** One attempt, recorded; what its answer tells the endpoint's lane. */
    private EndpointLanes.Signal attempt(Claimed notification) {
        try (var logged = LogContext.dispatch(notification.dispatchId())) {
            var endpoint = endpoints.find(notification.merchantId());
            if (endpoint.isEmpty()) {
                finish(notification, new WebhookHttp.Outcome(null, "no webhook endpoint registered"), true);
                metrics.attempt("no_endpoint", 0);
                return EndpointLanes.Signal.OTHER;
            }
            long timestamp = clock.instant().getEpochSecond();
            Map<String, String> headers = SignedRequest.headers(
                    endpoint.get().signingSecret(),
                    notification.event(),
                    notification.id(),
                    notification.sequence(),
                    timestamp,
                    notification.body());
            long started = System.nanoTime();
            WebhookHttp.Outcome outcome = http.post(URI.create(endpoint.get().url()), headers, notification.body());
            metrics.attempt(WebhookMetrics.outcomeOf(outcome), (System.nanoTime() - started) / 1_000_000);
            finish(notification, outcome, false);
            return outcome.succeeded()
                    ? EndpointLanes.Signal.SUCCEEDED
                    : Integer.valueOf(429).equals(outcome.httpStatus())
                            ? EndpointLanes.Signal.THROTTLED
                            : EndpointLanes.Signal.OTHER;
        } catch (RuntimeException e) {
            // e.g. the database went away while recording: the lease runs out and the attempt is retried
            log.warn("Webhook {} attempt could not be completed; retried when its lease ends", notification.id(), e);
            return EndpointLanes.Signal.OTHER;
        }
    }

    /**
     * Endpoint health (decisions.md §9): a 410 disables the endpoint at once, a notification that
     * ended FAILED counts towards the run that disables it (a success broke the run as it was
     * recorded). A failure of this bookkeeping is logged and does not undo the attempt's record.
     */
    private void health(Claimed notification, WebhookHttp.Outcome outcome, boolean failed, String error, Instant now) {
        UUID merchant = notification.merchantId();
        Instant firstProbe = now.plus(properties.probeInterval());
        try {
            if (Integer.valueOf(410).equals(outcome.httpStatus())) {
                health.disable(merchant, EndpointHealth.Cause.GONE, "the endpoint answered 410 Gone", firstProbe);
            } else if (failed) {
                health.notificationFailed(merchant, error, firstProbe);
            }
        } catch (RuntimeException e) {
            log.warn(
                    "Could not update the health of merchant {}'s endpoint after webhook {}",
                    merchant,
                    notification.id(),
                    e);
        }
    }

    private void finish(Claimed notification, WebhookHttp.Outcome outcome, boolean giveUp) {
        int attempts = notification.attemptCount() + 1;
        Instant now = clock.instant();
        boolean exhausted = !outcome.succeeded()
                && (giveUp || attempts >= properties.retry().maxAttempts());
        NotificationStatus status = outcome.succeeded()
                ? NotificationStatus.SUCCEEDED
                : exhausted ? NotificationStatus.FAILED : NotificationStatus.PENDING;
        Instant next = status == NotificationStatus.PENDING
                ? now.plus(RetryAfter.next(
                        Backoff.after(attempts, properties.retry(), ThreadLocalRandom.current()),
                        outcome.retryAfter(),
                        properties.retry().maxWait()))
                : null;
        String error = outcome.error() == null || outcome.error().length() <= 500
                ? outcome.error()
                : outcome.error().substring(0, 500);
        if (!claims.recordAttempt(notification, status, outcome.httpStatus(), error, next, now)) {
            log.warn(
                    "Webhook {} attempt {} was recorded by another dispatcher first (lease expired); this outcome "
                            + "({}) is dropped",
                    notification.id(),
                    attempts,
                    outcome);
            return;
        }
        publisher.nudge();
        health(notification, outcome, exhausted && !giveUp, error, now);
        if (exhausted) {
            metrics.exhausted();
            log.warn(
                    "Webhook {} ({}) to merchant {} FAILED after {} attempt(s): {}",
                    notification.id(),
                    notification.event(),
                    notification.merchantId(),
                    attempts,
                    error);
        } else if (!outcome.succeeded()) {
            log.info(
                    "Webhook {} ({}) to merchant {} attempt {} failed: {}; next attempt at {}",
                    notification.id(),
                    notification.event(),
                    notification.merchantId(),
                    attempts,
                    error,
                    next);
        } else {
            metrics.succeeded();
            log.debug(
                    "Webhook {} ({}) to merchant {} delivered on attempt {}",
                    notification.id(),
                    notification.event(),
                    notification.merchantId(),
                    attempts);
        }
    }
}
