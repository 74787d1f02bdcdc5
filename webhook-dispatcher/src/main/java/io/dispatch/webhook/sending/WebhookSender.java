package io.dispatch.webhook.sending;

import io.dispatch.webhook.endpoint.WebhookEndpoints;
import io.dispatch.webhook.loop.LoopLifecycle;
import io.dispatch.webhook.notification.NotificationClaims;
import io.dispatch.webhook.notification.NotificationClaims.Claimed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The claim loop: leases due notifications (several dispatchers share the table, none attempts
 * the same notification at once), sends each on its own virtual thread within its endpoint's
 * bulkhead ({@link WebhookAttempts}: signed at send time with the endpoint's current secret and a
 * fresh timestamp, the outcome and the next attempt recorded). Woken when a notification is
 * recorded or an attempt ends, and at least every {@link #IDLE_POLL} for retries that fall due.
 * On stop it claims no more and lets attempts in flight finish and be recorded.
 */
@Component
public class WebhookSender extends LoopLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WebhookSender.class);
    static final Duration IDLE_POLL = Duration.ofMillis(250);
    /** Claims at most this often: attempts ending in quick succession share one claim query. */
    static final Duration MIN_CLAIM_GAP = Duration.ofMillis(10);

    private final NotificationClaims claims;
    private final WebhookProperties properties;
    private final Clock clock;
    private final EndpointLanes lanes;
    private final WebhookAttempts attempts;
    /**
     * Notifications this loop claimed and then neither attempted nor gave back, because the round failed in between
     * (the database went away after the claim, issue 32), with the lease each holds: given back by the next round
     * that reaches the database, rather than left leased until the lease ends ({@code claim-lease}, 60 s), which
     * made their webhooks late. Only the loop's thread touches it.
     */
    private final Map<UUID, Instant> stranded = new HashMap<>();

    private ExecutorService senders;

    public WebhookSender(
            NotificationClaims claims,
            WebhookProperties properties,
            WebhookMetrics metrics,
            WebhookAttempts attempts,
            Clock clock) {
        super("webhook-claims", IDLE_POLL, log, "Claiming due webhooks failed; retrying in 1 s");
        this.claims = claims;
        this.properties = properties;
        this.clock = clock;
        this.attempts = attempts;
        this.lanes = new EndpointLanes(properties.maxInFlight(), properties.maxInFlightPerEndpoint());
        metrics.narrowedLanes(lanes::narrowed);
    }

    public int inFlight() {
        return lanes.inFlight();
    }

    @Override
    protected void opening() {
        senders = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("webhook-attempt-", 0).factory());
    }

    /** Attempts in flight finish and are recorded. */
    @Override
    protected void loopEnded() {
        senders.shutdown();
        Duration grace =
                properties.connectTimeout().plus(properties.responseTimeout()).plusSeconds(5);
        try {
            if (!senders.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("Webhook attempts still running after {}; their leases expire and they are retried", grace);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A claim round, then at least {@link #MIN_CLAIM_GAP} before the next; true when it took every
     * free slot (attempts ending meanwhile may have left more due work waiting).
     */
    @Override
    protected boolean round() {
        long started = System.nanoTime();
        if (!stranded.isEmpty()) {
            claims.releaseHeld(stranded);
            log.info("Gave back {} webhook(s) claimed by a round that failed before attempting them", stranded.size());
            stranded.clear();
        }
        int free = lanes.free();
        int dispatched = free == 0 ? 0 : claimAndSend(free);
        long gap = MIN_CLAIM_GAP.toNanos() - (System.nanoTime() - started);
        if (gap > 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(gap);
        }
        return free > 0 && dispatched == free;
    }

    /**
     * One claim round over all {@code free} slots of the process: a claim's cost hardly grows with
     * its size, so under load one claim fills every slot that opened since the last one.
     */
    int claimAndSend(int free) {
        Instant now = clock.instant();
        // whole microseconds, as PostgreSQL keeps it: a give-back finds the lease by its exact end
        Instant leaseUntil = now.plus(properties.claimLease()).truncatedTo(ChronoUnit.MICROS);
        List<Claimed> claimed = claims.claim(now, leaseUntil, free, lanes.freeSlots(), lanes.widest());
        Map<UUID, WebhookEndpoints.Endpoint> endpoints;
        try {
            endpoints = attempts.endpointsOf(claimed);
        } catch (RuntimeException e) {
            claimed.forEach(notification -> stranded.put(notification.id(), leaseUntil));
            throw e;
        }
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
                    signal = attempts.run(notification, Optional.ofNullable(endpoints.get(notification.merchantId())));
                } finally {
                    slot.get().close(signal);
                    nudge();
                }
            });
        }
        try {
            claims.release(giveBack);
        } catch (RuntimeException e) {
            giveBack.forEach(id -> stranded.put(id, leaseUntil));
            throw e;
        }
        return started;
    }
}
