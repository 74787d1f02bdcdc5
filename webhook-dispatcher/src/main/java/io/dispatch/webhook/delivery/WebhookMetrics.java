package io.dispatch.webhook.delivery;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;

/**
 * Counters since this process started: attempts by outcome and their total time. Micrometer is
 * not on this build's classpath (no actuator jars resolve here), so they are served on the
 * operator route {@code GET /api/v1/admin/webhooks/stats} and logged once a minute when something
 * happened; the names match what Micrometer meters would be called.
 */
@Component
public class WebhookMetrics {

  private final Map<String, LongAdder> attempts = new ConcurrentHashMap<>();
  private final LongAdder attemptMillis = new LongAdder();
  private final LongAdder exhausted = new LongAdder();
  private final LongAdder published = new LongAdder();

  /** outcome: succeeded, http_error, timeout, connect_error, refused_target, dns_error, tls_error, other */
  void attempt(String outcome, long millis) {
    attempts.computeIfAbsent(outcome, o -> new LongAdder()).increment();
    attemptMillis.add(millis);
  }

  void exhausted() {
    exhausted.increment();
  }

  public void published(int count) {
    published.add(count);
  }

  public record Snapshot(Map<String, Long> attemptsByOutcome, long attemptsTotal, long attemptMillisTotal,
                         long notificationsExhausted, long attemptEventsPublished) {}

  public Snapshot snapshot() {
    Map<String, Long> byOutcome = new TreeMap<>();
    attempts.forEach((outcome, count) -> byOutcome.put(outcome, count.sum()));
    return new Snapshot(byOutcome, byOutcome.values().stream().mapToLong(Long::longValue).sum(), attemptMillis.sum(),
        exhausted.sum(), published.sum());
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
