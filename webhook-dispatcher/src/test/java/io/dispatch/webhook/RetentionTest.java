package io.dispatch.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.infrastructure.WebhookReceiver;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Retention with settings of a second or two, against the dispatcher on a real Kafka broker and
 * PostgreSQL: under a steady load the tables stay bounded, PENDING notifications stay, and the
 * feed's start moves with what was deleted.
 */
class RetentionTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static RunningDispatcher dispatcher;

    @BeforeAll
    static void start() {
        dispatcher = RunningDispatcher.start(RunningDispatcher.settings(Map.of(
                "dispatch.webhook.retention.succeeded", "PT1S",
                "dispatch.webhook.retention.failed", "PT2S",
                "dispatch.webhook.retention.cleanup-interval", "PT0.3S",
                "dispatch.webhook.retention.batch-size", "20",
                "dispatch.webhook.retry.max-attempts", "2",
                "dispatch.webhook.retry.first-wait", "PT0.1S",
                "dispatch.idempotency.ttl", "PT1S",
                "dispatch.idempotency.cleanup-interval", "PT0.3S",
                "dispatch.idempotency.cleanup-batch-size", "20",
                "dispatch.rate-limit.per-minute", "1000000")));
    }

    @AfterAll
    static void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
    }

    @Test
    void under_a_steady_load_notifications_and_idempotency_keys_stay_bounded_and_pending_ones_are_kept()
            throws Exception {
        ScheduledExecutorService load = Executors.newScheduledThreadPool(2);
        try (WebhookReceiver ok = new WebhookReceiver();
                WebhookReceiver down = new WebhookReceiver().answering(503)) {
            var served = dispatcher.newMerchant();
            var failing = dispatcher.newMerchant();
            dispatcher.register(served.id(), ok.url());
            dispatcher.register(failing.id(), down.url());
            UUID kept = pendingForAnHour(failing.id());
            AtomicInteger published = new AtomicInteger();
            AtomicInteger keys = new AtomicInteger();
            // 40 notifications a second (the first three of every hundred to the endpoint that is down, fewer than
            // would disable it) and 40 idempotency keys a second
            load.scheduleAtFixedRate(
                    () -> {
                        int n = published.incrementAndGet();
                        publish(new TestEvents((n < 300 && n % 100 < 3 ? failing : served).id()).created());
                    },
                    0,
                    25,
                    TimeUnit.MILLISECONDS);
            load.scheduleAtFixedRate(
                    () -> idempotencyKey(served.id(), keys.incrementAndGet()), 0, 25, TimeUnit.MILLISECONDS);

            await().atMost(Duration.ofSeconds(30))
                    .until(() -> deleted("webhook.notifications") > 40
                            && deleted("idempotency.idempotency_keys") > 40
                            && failedDeleted(failing.id()));
            double before = deleted("webhook.notifications");
            int publishedBefore = published.get();
            // over 5 s (at most 200 new notifications and 200 keys, and 16 cleanup rounds) neither table grows
            // past what about 2.5 s of load leaves behind: retention, a round's interval, delivery and publication
            await().during(Duration.ofSeconds(5))
                    .atMost(Duration.ofSeconds(7))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> rows("webhook.notifications") <= 100 && rows("idempotency.idempotency_keys") <= 100);
            int publishedMeanwhile = published.get() - publishedBefore;
            assertThat(publishedMeanwhile).as("the load went on").isGreaterThan(100);
            assertThat(deleted("webhook.notifications") - before)
                    .as("rounds deleted meanwhile")
                    .isGreaterThan(publishedMeanwhile / 2.0);
            assertThat(status(kept))
                    .as("a PENDING notification is never deleted, however old")
                    .isEqualTo("PENDING");
        } finally {
            load.shutdownNow();
            assertThat(load.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void the_feed_starts_after_what_retention_deleted_and_an_older_cursor_answers_422_with_the_oldest_cursor()
            throws Exception {
        try (WebhookReceiver ok = new WebhookReceiver()) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), ok.url());
            String start =
                    page(merchant.apiKey(), "").get("meta").get("nextCursor").asText();
            TestEvents first = new TestEvents(merchant.id());
            publish(first.created());
            await().atMost(Duration.ofSeconds(20)).until(() -> ok.received().size() == 1);
            String firstId = ok.received().getFirst().eventId();
            await().atMost(Duration.ofSeconds(20)).until(() -> status(UUID.fromString(firstId)) == null);
            publish(new TestEvents(merchant.id()).created());
            await().atMost(Duration.ofSeconds(20)).until(() -> ok.received().size() == 2);
            String secondId = ok.received().get(1).eventId();

            HttpResponse<String> stale = feed(merchant.apiKey(), "after=" + start);
            assertThat(stale.statusCode()).as(stale.body()).isEqualTo(422);
            JsonNode error = JSON.readTree(stale.body()).get("error");
            assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(error.at("/details/fieldErrors/after/0").asText()).isNotBlank();
            String oldest = error.at("/details/oldestCursor").asText();
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                assertThat(ids(page(merchant.apiKey(), "after=" + oldest)))
                        .contains(secondId)
                        .doesNotContain(firstId);
                assertThat(ids(page(merchant.apiKey(), ""))).contains(secondId).doesNotContain(firstId);
            });
        }
    }

    // ---- load and rows

    private static void publish(io.dispatch.events.EventEnvelope event) {
        try {
            RunningDispatcher.publish(List.of(event));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void idempotencyKey(UUID merchantId, int n) {
        dispatcher.jdbc().update("""
        insert into idempotency.idempotency_keys
          (merchant_id, idempotency_key, fingerprint, owner, state, claimed_at, expires_at)
        values (?, ?, '\\x00', gen_random_uuid(), 'IN_PROGRESS', now(), now() + interval '1 second')""", merchantId, "key-" + n);
    }

    /** An old PENDING notification, not due for an hour (its endpoint is down). */
    private static UUID pendingForAnHour(UUID merchantId) {
        UUID id = UUID.randomUUID();
        dispatcher.jdbc().update("""
        insert into webhook.notifications (id, merchant_id, sequence, event, body, status, next_attempt_at,
                                           created_at, updated_at)
        values (?, ?, 0, 'webhook.test', '{"event":"webhook.test","data":{}}'::bytea, 'PENDING',
                now() + interval '1 hour', now() - interval '1 day', now() - interval '1 day')""", id, merchantId);
        return id;
    }

    private static long rows(String table) {
        return dispatcher.jdbc().queryForObject("select count(*) from " + table, Long.class);
    }

    private static boolean failedDeleted(UUID merchantId) {
        return dispatcher.jdbc().queryForObject("""
        select count(*) from webhook.feed_horizons h where merchant_id = ?""", Long.class, merchantId) == 1;
    }

    private static String status(UUID id) {
        return dispatcher
                .jdbc()
                .queryForList("select status from webhook.notifications where id = ?", String.class, id)
                .stream()
                .findFirst()
                .orElse(null);
    }

    private static double deleted(String table) {
        var counter = dispatcher
                .bean(MeterRegistry.class)
                .find("dispatch.retention.deleted.rows")
                .tag("table", table)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    // ---- HTTP

    private static HttpResponse<String> feed(String apiKey, String query) throws Exception {
        return dispatcher.call(
                "GET",
                "/api/v1/external/events" + (query.isEmpty() ? "" : "?" + query),
                Map.of("X-API-Key", apiKey),
                null);
    }

    private static JsonNode page(String apiKey, String query) throws Exception {
        HttpResponse<String> answer = feed(apiKey, query);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new java.util.ArrayList<>();
        page.get("data").forEach(event -> ids.add(event.get("id").asText()));
        return ids;
    }
}
