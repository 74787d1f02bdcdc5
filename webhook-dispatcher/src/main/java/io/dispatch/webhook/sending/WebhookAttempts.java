package io.dispatch.webhook.sending;

import io.dispatch.events.NotificationStatus;
import io.dispatch.web.request.LogContext;
import io.dispatch.webhook.attempt.AttemptPublisher;
import io.dispatch.webhook.endpoint.EndpointHealth;
import io.dispatch.webhook.endpoint.WebhookEndpoints;
import io.dispatch.webhook.notification.NotificationClaims;
import io.dispatch.webhook.notification.NotificationClaims.Claimed;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One attempt at a claimed notification, as run on {@link WebhookSender}'s virtual threads: sign
 * it at send time, post it, record the outcome and the next attempt, and keep the endpoint's
 * health. Kept apart from the claim loop, which only decides what to attempt and when; logs
 * under {@link WebhookSender}'s name so the log categories stay as they were.
 */
@Component
class WebhookAttempts {

    private static final Logger log = LoggerFactory.getLogger(WebhookSender.class);

    private final AttemptRecorder recorder;
    private final WebhookEndpoints endpoints;
    private final WebhookHttp http;
    private final WebhookProperties properties;
    private final WebhookMetrics metrics;
    private final AttemptPublisher publisher;
    private final EndpointHealth health;
    private final Clock clock;

    WebhookAttempts(
            AttemptRecorder recorder,
            WebhookEndpoints endpoints,
            WebhookHttp http,
            WebhookProperties properties,
            WebhookMetrics metrics,
            AttemptPublisher publisher,
            EndpointHealth health,
            Clock clock) {
        this.recorder = recorder;
        this.endpoints = endpoints;
        this.http = http;
        this.properties = properties;
        this.metrics = metrics;
        this.publisher = publisher;
        this.health = health;
        this.clock = clock;
    }

    /** The endpoints of a claim round's notifications, read together. */
    Map<UUID, WebhookEndpoints.Endpoint> endpointsOf(List<Claimed> claimed) {
        return claimed.isEmpty()
                ? Map.of()
                : endpoints.findAll(claimed.stream().map(Claimed::merchantId).toList());
    }

    /**
     * One attempt, recorded, to the endpoint as its claim round read it (empty: none registered);
     * what its answer tells the endpoint's lane.
     */
    EndpointLanes.Signal run(Claimed notification, Optional<WebhookEndpoints.Endpoint> endpoint) {
        try (var logged = LogContext.dispatch(notification.dispatchId())) {
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
        String error = outcome.error() == null
                ? null
                // PostgreSQL text cannot hold NUL: a receiver's answer with one must not make the attempt unrecordable
                : (outcome.error().length() <= 500
                                ? outcome.error()
                                : outcome.error().substring(0, 500))
                        .replace((char) 0, '\uFFFD');
        if (!recorder.record(
                new NotificationClaims.Attempt(notification, status, outcome.httpStatus(), error, next, now))) {
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
