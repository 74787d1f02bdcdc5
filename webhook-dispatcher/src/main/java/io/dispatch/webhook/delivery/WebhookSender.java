package io.dispatch.webhook.delivery;

import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.webhook.endpoint.WebhookEndpoints;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Claims due notifications (FOR UPDATE SKIP LOCKED, with a lease, so several dispatchers share
 * the work and none sends the same attempt twice), sends each signed with a fresh timestamp,
 * and records the outcome and the next attempt. Woken at once when a notification is recorded,
 * and at least every half second for retries.
 */
@Component
public class WebhookSender implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(WebhookSender.class);
  private static final int BATCH = 50;
  private static final Duration LEASE = Duration.ofSeconds(60);

  private final JdbcTemplate jdbc;
  private final WebhookEndpoints endpoints;
  private final WebhookProperties properties;
  private final Clock clock;
  private final HttpClient http = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(5))
      .followRedirects(HttpClient.Redirect.NEVER)
      .build();
  private final LinkedBlockingQueue<Boolean> nudges = new LinkedBlockingQueue<>(1);
  private final ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor();
  private volatile Thread loop;

  public WebhookSender(JdbcTemplate jdbc, WebhookEndpoints endpoints, WebhookProperties properties, Optional<Clock> clock) {
    this.jdbc = jdbc;
    this.endpoints = endpoints;
    this.properties = properties;
    this.clock = clock.orElse(Clock.systemUTC());
  }

  private record Due(UUID id, UUID merchantId, String event, byte[] body, int attemptCount) {}

  public void nudge() {
    nudges.offer(Boolean.TRUE);
  }

  @Override
  public void start() {
    loop = Thread.ofPlatform().name("webhook-sender").daemon().start(this::run);
  }

  @Override
  public void stop() {
    Thread running = loop;
    loop = null;
    if (running != null) {
      running.interrupt();
    }
  }

  @Override
  public boolean isRunning() {
    return loop != null;
  }

  private void run() {
    while (loop == Thread.currentThread()) {
      try {
        List<Due> due = claim();
        due.forEach(notification -> senders.execute(() -> attempt(notification)));
        if (due.size() < BATCH) {
          nudges.poll(500, TimeUnit.MILLISECONDS);
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        log.warn("Claiming due webhooks failed; retrying", e);
        try {
          nudges.poll(1, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
          return;
        }
      }
    }
  }

  List<Due> claim() {
    Instant now = clock.instant();
    return jdbc.query("""
        update webhook.notifications n set next_attempt_at = ?
         where n.id in (select id from webhook.notifications
                         where status = 'PENDING' and next_attempt_at <= ?
                         order by next_attempt_at, sequence limit ? for update skip locked)
        returning n.id, n.merchant_id, n.event, n.body, n.attempt_count""",
        (rs, i) -> new Due(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getString(3),
            rs.getBytes(4), rs.getInt(5)),
        Timestamp.from(now.plus(LEASE)), Timestamp.from(now), BATCH);
  }

  void attempt(Due notification) {
    var endpoint = endpoints.find(notification.merchantId());
    if (endpoint.isEmpty()) {
      record(notification, null, "no webhook endpoint registered", true);
      return;
    }
    long timestamp = clock.instant().getEpochSecond();
    try {
      HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint.get().url()))
          .timeout(Duration.ofSeconds(15))
          .header("Content-Type", "application/json")
          .header(WebhookSigner.EVENT_HEADER, notification.event())
          .header(WebhookSigner.EVENT_ID_HEADER, notification.id().toString())
          .header(WebhookSigner.TIMESTAMP_HEADER, Long.toString(timestamp))
          .header(WebhookSigner.SIGNATURE_HEADER,
              WebhookSigner.sign(endpoint.get().signingSecret(), timestamp, notification.body()))
          .POST(HttpRequest.BodyPublishers.ofByteArray(notification.body()))
          .build();
      HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
      int status = response.statusCode();
      boolean ok = status >= 200 && status < 300;
      record(notification, status, ok ? null : "HTTP " + status, false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      record(notification, null, e.getClass().getSimpleName() + ": " + e.getMessage(), false);
    }
  }

  private void record(Due notification, Integer httpStatus, String error, boolean giveUp) {
    int attempts = notification.attemptCount() + 1;
    Instant now = clock.instant();
    boolean succeeded = error == null;
    boolean exhausted = giveUp || attempts >= properties.retry().maxAttempts();
    String status = succeeded ? "SUCCEEDED" : exhausted ? "FAILED" : "PENDING";
    Timestamp next = succeeded || exhausted
        ? null
        : Timestamp.from(now.plus(Backoff.after(attempts, properties.retry(), ThreadLocalRandom.current())));
    jdbc.update("""
        update webhook.notifications
           set status = ?, attempt_count = ?, last_http_status = ?, last_error = ?, next_attempt_at = ?, updated_at = ?
         where id = ?""",
        status, attempts, httpStatus, error == null ? null : truncate(error), next, Timestamp.from(now),
        notification.id());
    if (!succeeded) {
      log.info("Webhook {} to merchant {} failed (attempt {}): {}", notification.id(), notification.merchantId(),
          attempts, error);
    }
  }

  private static String truncate(String text) {
    return text.length() <= 500 ? text : text.substring(0, 500);
  }
}
