package io.dispatch.webhook.sending;

import io.dispatch.webhook.endpoint.EndpointHealth;
import io.dispatch.webhook.endpoint.WebhookEndpoints;
import io.dispatch.webhook.notification.WebhookPayloads;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Probes disabled endpoints (decisions.md §9): every {@code probe-interval}, one signed
 * {@code webhook.test} (not stored, not retried; sequence 0) to each disabled endpoint whose
 * probe is due; a 2xx enables it again, and what was kept goes out. The probe is claimed in the
 * database first, so with several dispatchers each endpoint still gets one probe per interval.
 */
@Component
public class EndpointProbes implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(EndpointProbes.class);
    private static final int PER_ROUND = 50;

    private final EndpointHealth health;
    private final WebhookEndpoints endpoints;
    private final WebhookHttp http;
    private final WebhookProperties properties;
    private final WebhookMetrics metrics;
    private final WebhookSender sender;
    private final Clock clock;
    private final ExecutorService probes = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("webhook-probe-", 0).factory());

    public EndpointProbes(
            EndpointHealth health,
            WebhookEndpoints endpoints,
            WebhookHttp http,
            WebhookProperties properties,
            WebhookMetrics metrics,
            WebhookSender sender,
            Clock clock) {
        this.health = health;
        this.endpoints = endpoints;
        this.http = http;
        this.properties = properties;
        this.metrics = metrics;
        this.sender = sender;
        this.clock = clock;
    }

    /** How often to look for due probes: often enough to keep to the interval. */
    public Duration checkEvery() {
        Duration tenth = properties.probeInterval().dividedBy(10);
        Duration most = Duration.ofSeconds(5);
        Duration least = Duration.ofMillis(100);
        return tenth.compareTo(most) > 0 ? most : tenth.compareTo(least) < 0 ? least : tenth;
    }

    /** One round: claims the due probes and sends each on its own virtual thread. */
    public void probeDue() {
        List<UUID> due;
        do {
            due = health.claimProbes(PER_ROUND, clock.instant().plus(properties.probeInterval()));
            due.forEach(merchant -> probes.execute(() -> probe(merchant)));
        } while (due.size() == PER_ROUND);
    }

    private void probe(UUID merchantId) {
        try {
            var endpoint = endpoints.find(merchantId);
            if (endpoint.isEmpty()) {
                return;
            }
            Instant now = clock.instant();
            byte[] body = WebhookPayloads.test(
                    merchantId,
                    "Probe: this endpoint is disabled; answer 2xx to enable it again and receive what was kept",
                    now);
            var headers = SignedRequest.headers(
                    endpoint.get().signingSecret(),
                    WebhookPayloads.TEST_EVENT,
                    UUID.randomUUID(),
                    0,
                    now.getEpochSecond(),
                    body);
            WebhookHttp.Outcome outcome = http.post(URI.create(endpoint.get().url()), headers, body);
            metrics.probe(outcome.succeeded());
            if (outcome.succeeded()) {
                health.enable(merchantId, EndpointHealth.EnabledBy.PROBE);
                sender.nudge();
            } else {
                log.info(
                        "Probe of merchant {}'s disabled webhook endpoint failed ({}); next probe in {}",
                        merchantId,
                        outcome.error(),
                        properties.probeInterval());
            }
        } catch (RuntimeException e) {
            log.warn("Probe of merchant {}'s disabled webhook endpoint could not be completed", merchantId, e);
        }
    }

    @Override
    public void destroy() {
        probes.shutdownNow();
    }
}
