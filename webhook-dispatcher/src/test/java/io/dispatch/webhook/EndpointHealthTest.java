package io.dispatch.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.infrastructure.WebhookReceiver;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Webhooks that heal themselves (decisions.md §9), against a real broker, PostgreSQL and HTTP
 * receivers: Retry-After, disabling on a 410 or on five FAILED in a row, keeping while disabled,
 * the probe, enabling by the merchant, the endpoint's view, recovering a range, and the sequence
 * header.
 */
class EndpointHealthTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static RunningDispatcher dispatcher;

    @BeforeAll
    static void start() {
        dispatcher = RunningDispatcher.start(RunningDispatcher.settings(Map.of(
                "dispatch.webhook.retry.max-attempts", "2",
                "dispatch.webhook.probe-interval", "PT1S")));
    }

    @AfterAll
    static void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
    }

    @Test
    void a_410_disables_the_endpoint_what_follows_is_kept_and_a_probe_answered_2xx_sends_it_in_order()
            throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), receiver.url());
            AtomicInteger status = new AtomicInteger(410);
            receiver.answering(request -> status.get());
            double disabledBefore = counter("dispatch.webhook.endpoint.disabled", "reason", "gone");
            TestEvents delivery = new TestEvents(merchant.id());
            RunningDispatcher.publish(List.of(delivery.created()));

            JsonNode disabled = await().atMost(Duration.ofSeconds(20))
                    .until(
                            () -> endpoint(merchant.apiKey()),
                            view -> view.get("status").asText().equals("DISABLED"));
            assertThat(disabled.get("disabledReason").asText()).contains("410");
            assertThat(disabled.get("disabledAt").isNull()).isFalse();
            assertThat(counter("dispatch.webhook.endpoint.disabled", "reason", "gone"))
                    .isEqualTo(disabledBefore + 1);

            RunningDispatcher.publish(List.of(delivery.assigned(), delivery.pickedUp(), delivery.cancelled("closed")));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> endpoint(merchant.apiKey()).get("pending").asLong() == 4);
            // kept, and saying so: the delivery's webhook list shows it
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(dispatcher
                                    .jdbc()
                                    .queryForList(
                                            "select last_error from webhook.notifications where merchant_id = ? and event <> 'webhook.test'",
                                            String.class,
                                            merchant.id()))
                            .hasSize(4)
                            .allSatisfy(error -> assertThat(error).startsWith("kept: ")));
            // while disabled, only probes reach the endpoint: signed webhook.test with sequence 0
            await().atMost(Duration.ofSeconds(10)).until(() -> events(receiver).contains("webhook.test"));
            assertThat(events(receiver)).containsOnly("dispatch.created", "webhook.test");
            WebhookReceiver.Received probe = receiver.received().stream()
                    .filter(r -> "webhook.test".equals(r.header("X-Dispatch-Event")))
                    .findFirst()
                    .orElseThrow();
            assertThat(probe.header(WebhookSigner.SEQUENCE_HEADER)).isEqualTo("0");
            assertThat(probe.header(WebhookSigner.SIGNATURE_HEADER)).startsWith("sha256=");

            double enabledBefore = counter("dispatch.webhook.endpoint.enabled", "by", "probe");
            int before = receiver.received().size();
            status.set(200);
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> endpoint(merchant.apiKey()).get("pending").asLong() == 0);
            assertThat(endpoint(merchant.apiKey()).get("status").asText()).isEqualTo("ACTIVE");
            assertThat(counter("dispatch.webhook.endpoint.enabled", "by", "probe"))
                    .isGreaterThan(enabledBefore);
            List<WebhookReceiver.Received> after =
                    receiver.received().subList(before, receiver.received().size()).stream()
                            .filter(r -> !"webhook.test".equals(r.header("X-Dispatch-Event")))
                            .toList();
            assertThat(after)
                    .extracting(r -> r.header("X-Dispatch-Event"))
                    .containsExactly(
                            "dispatch.created", "dispatch.assigned", "dispatch.picked_up", "dispatch.cancelled");
            assertThat(after)
                    .extracting(r -> r.header(WebhookSigner.SEQUENCE_HEADER))
                    .containsExactly("0", "1", "2", "3");
            assertThat(dispatcher
                            .jdbc()
                            .queryForList(
                                    "select count(*) from webhook.notifications where merchant_id = ? and last_error like 'kept: %'",
                                    Long.class, merchant.id()))
                    .containsExactly(0L);
        }
    }

    @Test
    void five_notifications_failed_in_a_row_disable_the_endpoint_the_merchant_enables_it_and_recovers_the_range()
            throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var merchant = dispatcher.newMerchant();
            Instant since = Instant.now().minusSeconds(1);
            assertThat(call("GET", "/api/v1/external/webhooks", merchant.apiKey(), null, Map.of())
                            .statusCode())
                    .isEqualTo(404);
            assertThat(call("POST", "/api/v1/external/webhooks/enable", merchant.apiKey(), null, Map.of())
                            .statusCode())
                    .isEqualTo(404);
            dispatcher.register(merchant.id(), receiver.url());
            AtomicInteger status = new AtomicInteger(500);
            receiver.answering(request -> status.get());
            List<TestEvents> deliveries = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                TestEvents delivery = new TestEvents(merchant.id());
                deliveries.add(delivery);
                RunningDispatcher.publish(List.of(delivery.created()));
                int failed = i + 1;
                await().atMost(Duration.ofSeconds(20))
                        .until(() ->
                                endpoint(merchant.apiKey()).get("failedLast24h").asLong() == failed);
            }
            JsonNode disabled = endpoint(merchant.apiKey());
            assertThat(disabled.get("status").asText()).isEqualTo("DISABLED");
            assertThat(disabled.get("disabledReason").asText()).contains("5 notifications in a row ended FAILED");

            TestEvents kept = new TestEvents(merchant.id());
            RunningDispatcher.publish(List.of(kept.created()));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> endpoint(merchant.apiKey()).get("pending").asLong() == 1);

            status.set(200);
            HttpResponse<String> enabled =
                    call("POST", "/api/v1/external/webhooks/enable", merchant.apiKey(), null, Map.of());
            assertThat(enabled.statusCode()).as(enabled.body()).isEqualTo(200);
            assertThat(JSON.readTree(enabled.body()).get("data").get("status").asText())
                    .isEqualTo("ACTIVE");
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> dispatches(receiver).contains(kept.dispatchId.toString()));

            // the five that ended FAILED come back as new attempt series; a repeat with the same key changes nothing
            String range = "{\"since\":\"" + since + "\"}";
            String key = UUID.randomUUID().toString();
            Callable<HttpResponse<String>> recover = () -> call(
                    "POST",
                    "/api/v1/external/webhooks/recover",
                    merchant.apiKey(),
                    range,
                    Map.of("Idempotency-Key", key));
            HttpResponse<String> recovered = recover.call();
            assertThat(recovered.statusCode()).as(recovered.body()).isEqualTo(202);
            assertThat(JSON.readTree(recovered.body()).get("data").get("count").asInt())
                    .isEqualTo(5);
            HttpResponse<String> replayed = recover.call();
            assertThat(replayed.body()).isEqualTo(recovered.body());
            assertThat(replayed.headers().firstValue("Idempotent-Replayed")).hasValue("true");
            await().atMost(Duration.ofSeconds(20))
                    .until(() ->
                            endpoint(merchant.apiKey()).get("succeededLast24h").asLong() == 6);
            for (TestEvents delivery : deliveries) {
                assertThat(dispatches(receiver)).contains(delivery.dispatchId.toString());
            }
            assertThat(endpoint(merchant.apiKey()).get("failedLast24h").asLong())
                    .isZero();
        }
    }

    @Test
    void a_success_between_failures_breaks_the_run_that_disables_an_endpoint() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), receiver.url());
            AtomicInteger status = new AtomicInteger(500);
            receiver.answering(request -> status.get());
            failOne(merchant, 1);
            failOne(merchant, 2);
            failOne(merchant, 3);
            failOne(merchant, 4);
            status.set(200);
            RunningDispatcher.publish(List.of(new TestEvents(merchant.id()).created()));
            await().atMost(Duration.ofSeconds(20))
                    .until(() ->
                            endpoint(merchant.apiKey()).get("succeededLast24h").asLong() == 1);
            status.set(500);
            failOne(merchant, 5);
            JsonNode endpoint = endpoint(merchant.apiKey());
            assertThat(endpoint.get("status").asText())
                    .as("5 FAILED, but not in a row")
                    .isEqualTo("ACTIVE");
            assertThat(dispatcher
                            .jdbc()
                            .queryForObject(
                                    "select consecutive_failures from webhook.endpoints where merchant_id = ?",
                                    Integer.class,
                                    merchant.id()))
                    .isEqualTo(1);
        }
    }

    private static void failOne(RunningDispatcher.Merchant merchant, int failedSoFar) throws Exception {
        RunningDispatcher.publish(List.of(new TestEvents(merchant.id()).created()));
        await().atMost(Duration.ofSeconds(20))
                .until(() -> endpoint(merchant.apiKey()).get("failedLast24h").asLong() == failedSoFar);
    }

    @Test
    void a_bad_recover_range_answers_422_naming_the_field() throws Exception {
        var merchant = dispatcher.newMerchant();
        Instant now = Instant.now();
        fieldError(
                merchant.apiKey(), "{\"since\":\"" + now + "\",\"until\":\"" + now.minusSeconds(60) + "\"}", "since");
        fieldError(merchant.apiKey(), "{\"since\":\"" + now.minus(Duration.ofDays(8)) + "\"}", "since");
        fieldError(merchant.apiKey(), "{\"since\":\"yesterday\"}", "since");
        fieldError(merchant.apiKey(), "{\"since\":\"" + now + "\",\"until\":\"soon\"}", "until");
        fieldError(merchant.apiKey(), "{}", "since");
    }

    @Test
    void a_429_with_retry_after_holds_the_next_attempt_back_at_least_that_long() throws Exception {
        try (WebhookReceiver receiver =
                new WebhookReceiver().failingFirst(1, 429).retryAfter("2")) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), receiver.url());
            RunningDispatcher.publish(List.of(new TestEvents(merchant.id()).created()));

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> receiver.received().size() == 2);
            long gap = receiver.received().get(1).atNanos()
                    - receiver.received().get(0).atNanos();
            // the schedule alone would have waited about 0.2 s
            assertThat(Duration.ofNanos(gap)).isGreaterThanOrEqualTo(Duration.ofMillis(1900));
        }
    }

    // --- helpers ----------------------------------------------------------------------------------

    private static void fieldError(String apiKey, String body, String field) throws Exception {
        HttpResponse<String> answer = call("POST", "/api/v1/external/webhooks/recover", apiKey, body, Map.of());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(422);
        JsonNode error = JSON.readTree(answer.body()).get("error");
        assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(error.get("details").get("fieldErrors").has(field))
                .as(answer.body())
                .isTrue();
    }

    private static JsonNode endpoint(String apiKey) throws Exception {
        HttpResponse<String> answer = call("GET", "/api/v1/external/webhooks", apiKey, null, Map.of());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body()).get("data");
    }

    private static HttpResponse<String> call(
            String method, String path, String apiKey, String json, Map<String, String> headers) throws Exception {
        Map<String, String> all = new java.util.HashMap<>(headers);
        all.put("X-API-Key", apiKey);
        return dispatcher.call(method, path, all, json);
    }

    private static List<String> events(WebhookReceiver receiver) {
        return receiver.received().stream()
                .map(r -> r.header("X-Dispatch-Event"))
                .toList();
    }

    private static List<String> dispatches(WebhookReceiver receiver) throws Exception {
        List<String> ids = new ArrayList<>();
        for (WebhookReceiver.Received request : receiver.received()) {
            JsonNode data = JSON.readTree(request.body()).get("data");
            if (data.has("dispatch_id") && request.header("X-Dispatch-Event").startsWith("dispatch.")) {
                ids.add(data.get("dispatch_id").asText());
            }
        }
        return ids;
    }

    private static double counter(String name, String tag, String value) {
        var counter =
                dispatcher.bean(MeterRegistry.class).find(name).tag(tag, value).counter();
        return counter == null ? 0 : counter.count();
    }
}
