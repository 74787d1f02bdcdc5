package io.dispatch.webhook.sending;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;

/**
 * Webhook figures, in Micrometer ({@code /actuator/prometheus}) and as counters since this process
 * started on the operator route {@code GET /api/v1/admin/webhooks/stats}:
 * {@code dispatch.webhook.attempts{outcome}} (a timer per attempt), {@code
 * dispatch.webhook.notifications{outcome}} (notifications that ended SUCCEEDED or FAILED), and the
 * schedule's {@code dispatch.webhook.backlog} (PENDING and due now) and {@code
 * dispatch.webhook.pending} gauges, refreshed by {@link #refreshBacklog}.
 */
@Component
public class WebhookMetrics {

    private final Map<String, LongAdder> attempts = new ConcurrentHashMap<>();
    private final LongAdder attemptMillis = new LongAdder();
    private final LongAdder exhausted = new LongAdder();
    private final MeterRegistry meters;
    private final Counter succeededNotifications;
    private final Counter failedNotifications;
    private final AtomicLong due = new AtomicLong();
    private final AtomicLong pending = new AtomicLong();

    public WebhookMetrics(MeterRegistry meters) {
        this.meters = meters;
        this.succeededNotifications = notifications("succeeded");
        this.failedNotifications = notifications("failed");
        Gauge.builder("dispatch.webhook.backlog", due, AtomicLong::get)
                .description("Notifications PENDING and due now")
                .register(meters);
        Gauge.builder("dispatch.webhook.pending", pending, AtomicLong::get)
                .description("Notifications PENDING (waiting or retrying)")
                .register(meters);
    }

    private Counter notifications(String outcome) {
        return Counter.builder("dispatch.webhook.notifications")
                .tag("outcome", outcome)
                .description("Notifications that ended: SUCCEEDED, or FAILED after the last attempt")
                .register(meters);
    }

    /** outcome: succeeded, http_error, timeout, connect_error, refused_target, dns_error, tls_error, other */
    void attempt(String outcome, long millis) {
        attempts.computeIfAbsent(outcome, o -> new LongAdder()).increment();
        attemptMillis.add(millis);
        Timer.builder("dispatch.webhook.attempts")
                .tag("outcome", outcome)
                .description("Webhook attempts: one HTTP request each")
                .register(meters)
                .record(millis, TimeUnit.MILLISECONDS);
    }

    void succeeded() {
        succeededNotifications.increment();
    }

    void exhausted() {
        exhausted.increment();
        failedNotifications.increment();
    }

    /** {@code dispatch.webhook.endpoints.narrowed}: endpoints whose lane a 429 narrowed, in this process. */
    void narrowedLanes(java.util.function.LongSupplier narrowed) {
        Gauge.builder("dispatch.webhook.endpoints.narrowed", narrowed, supplier -> supplier.getAsLong())
                .description("Webhook endpoints whose concurrency is reduced after 429 answers (this process)")
                .register(meters);
    }

    /** {@code dispatch.webhook.probes{outcome}}: probes of disabled endpoints. */
    void probe(boolean succeeded) {
        Counter.builder("dispatch.webhook.probes")
                .tag("outcome", succeeded ? "succeeded" : "failed")
                .description("Signed probes sent to disabled endpoints")
                .register(meters)
                .increment();
    }

    /** The schedule's gauges, from a count of the notifications table. */
    public void refreshBacklog(long dueNow, long pendingNow) {
        due.set(dueNow);
        pending.set(pendingNow);
    }

    public record Snapshot(
            Map<String, Long> attemptsByOutcome,
            long attemptsTotal,
            long attemptMillisTotal,
            long notificationsExhausted,
            long attemptEventsPublished) {}

    /** The counters since start; the attempt events published are counted by their publisher. */
    public Snapshot snapshot(long attemptEventsPublished) {
        Map<String, Long> byOutcome = new TreeMap<>();
        attempts.forEach((outcome, count) -> byOutcome.put(outcome, count.sum()));
        return new Snapshot(
                byOutcome,
                byOutcome.values().stream().mapToLong(Long::longValue).sum(),
                attemptMillis.sum(),
                exhausted.sum(),
                attemptEventsPublished);
    }

    static String outcomeOf(WebhookHttp.Outcome outcome) {
        if (outcome.succeeded()) {
            return "succeeded";
        }
        if (outcome.httpStatus() != null) {
            return "http_error";
        }
        String error = outcome.error();
        if (error.startsWith("timeout") || error.startsWith("connect timeout")) {
            return "timeout";
        }
        if (error.startsWith("refused target")) {
            return "refused_target";
        }
        if (error.startsWith("DNS")) {
            return "dns_error";
        }
        if (error.startsWith("TLS")) {
            return "tls_error";
        }
        if (error.startsWith("connection failed")) {
            return "connect_error";
        }
        return "other";
    }
}
