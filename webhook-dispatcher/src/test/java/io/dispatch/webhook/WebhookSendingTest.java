package io.dispatch.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.events.codec.EventEnvelopeDeserializer;
import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.events.signing.WebhookVerificationException;
import io.dispatch.events.signing.WebhookVerifier;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.infrastructure.WebhookReceiver;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher alone against a real Kafka broker and PostgreSQL, with real HTTP receivers:
 * signing, retries, order, rotation, the operator routes and the attempt events it publishes.
 */
class WebhookSendingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final WebhookVerifier VERIFIER = new WebhookVerifier(Clock.systemUTC());
    private static RunningDispatcher dispatcher;

    @BeforeAll
    static void start() {
        dispatcher =
                RunningDispatcher.start(RunningDispatcher.settings(Map.of("dispatch.webhook.retry.max-attempts", "4")));
    }

    @AfterAll
    static void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
    }

    @Test
    void every_attempt_carries_the_same_bytes_and_event_id_signed_afresh_and_the_outcome_reaches_kafka()
            throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver().failingFirst(2)) {
            var merchant = dispatcher.newMerchant();
            String secret = dispatcher.register(merchant.id(), receiver.url());
            TestEvents delivery = new TestEvents(merchant.id());
            RunningDispatcher.publish(List.of(delivery.created()));

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> receiver.received().size() == 3);
            List<WebhookReceiver.Received> attempts = receiver.received();
            assertThat(attempts)
                    .extracting(WebhookReceiver.Received::eventId)
                    .containsOnly(attempts.getFirst().eventId());
            for (WebhookReceiver.Received attempt : attempts) {
                assertThat(attempt.body()).isEqualTo(attempts.getFirst().body());
                assertThat(attempt.header("Content-Type")).isEqualTo("application/json");
                assertThat(attempt.header("X-Dispatch-Event")).isEqualTo("dispatch.created");
                assertThat(attempt.header(WebhookSigner.SIGNATURE_HEADER))
                        .isEqualTo(WebhookSigner.sign(
                                secret,
                                Long.parseLong(attempt.header(WebhookSigner.TIMESTAMP_HEADER)),
                                attempt.body()));
                VERIFIER.verify(
                        List.of(secret),
                        attempt.header(WebhookSigner.TIMESTAMP_HEADER),
                        attempt.header(WebhookSigner.SIGNATURE_HEADER),
                        attempt.body());
            }
            JsonNode data = JSON.readTree(attempts.getFirst().body()).get("data");
            assertThat(data.get("dispatch_id").asText()).isEqualTo(delivery.dispatchId.toString());
            assertThat(data.get("status").asText()).isEqualTo("NEW");
            assertThat(data.get("zone_id").asText()).isEqualTo("nairobi-cbd");
            assertThat(data.get("source").asText()).isEqualTo("api");
            assertThat(data.has("failure_reason") && data.get("failure_reason").isNull())
                    .isTrue();
            assertThat(data.has("proof_of_delivery")
                            && data.get("proof_of_delivery").isNull())
                    .isTrue();
            assertThat(data.get("created_at").asText()).endsWith("Z");

            String id = attempts.getFirst().eventId();
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(row(id))
                            .containsEntry("status", "SUCCEEDED")
                            .containsEntry("attempt_count", 3)
                            .containsEntry("last_http_status", 204));

            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                List<EventEnvelope> reports = attemptEvents(UUID.fromString(id));
                assertThat(reports).isNotEmpty();
                EventEnvelope last = reports.getLast();
                WebhookAttemptRecorded attempt = (WebhookAttemptRecorded) last.event();
                assertThat(attempt.status().name()).isEqualTo("SUCCEEDED");
                assertThat(attempt.attemptCount()).isEqualTo(3);
                assertThat(attempt.lastHttpStatus()).isEqualTo(204);
                assertThat(last.sequence()).isEqualTo(((Number) row(id).get("revision")).longValue());
                assertThat(reports)
                        .extracting(EventEnvelope::sequence)
                        .isSorted()
                        .doesNotHaveDuplicates();
            });
        }
    }

    @Test
    void a_deliverys_events_are_first_attempted_in_sequence_order_and_location_updates_carry_the_position()
            throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), receiver.url());
            TestEvents delivery = new TestEvents(merchant.id());
            // the PIN guard's events are folded but never sent: merchants are not told of wrong PIN guesses
            RunningDispatcher.publish(List.of(
                    delivery.created(),
                    delivery.assigned(),
                    delivery.moved(-1.29, 36.82),
                    delivery.pickedUp(),
                    delivery.departed(),
                    delivery.pinRejected(1, false),
                    delivery.pinReset(1),
                    delivery.moved(-1.30, 36.79),
                    delivery.cancelled("x")));

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> receiver.received().size() == 7);
            List<String> events = new ArrayList<>();
            for (WebhookReceiver.Received hook : receiver.received()) {
                events.add(JSON.readTree(hook.body()).get("event").asText());
            }
            assertThat(events)
                    .containsExactly(
                            "dispatch.created",
                            "dispatch.assigned",
                            "dispatch.location_updated",
                            "dispatch.picked_up",
                            "dispatch.en_route",
                            "dispatch.location_updated",
                            "dispatch.cancelled");

            JsonNode location = JSON.readTree(receiver.received().get(2).body()).get("data");
            assertThat(iterable(location.fieldNames()))
                    .containsExactly("dispatch_id", "external_id", "status", "location");
            assertThat(location.get("status").asText()).isEqualTo("ASSIGNED");
            assertThat(location.get("location").get("latitude").asDouble()).isEqualTo(-1.29);
            assertThat(location.get("location").get("longitude").asDouble()).isEqualTo(36.82);
            assertThat(location.get("location").get("timestamp").asText()).endsWith("Z");
            JsonNode cancelled =
                    JSON.readTree(receiver.received().get(6).body()).get("data");
            assertThat(cancelled.get("cancel_reason").asText()).isEqualTo("x");
            assertThat(cancelled.get("rider_id").asText()).isEqualTo(delivery.riderId.toString());
        }
    }

    @Test
    void plans_are_never_sent_but_their_estimates_ride_on_the_lifecycle_payload_and_eta_updates_are_sent_and_fed()
            throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), receiver.url());
            TestEvents delivery = new TestEvents(merchant.id());
            Instant pickupAt = Instant.parse("2030-01-01T10:15:00.123Z");
            Instant deliveryAt = Instant.parse("2030-01-01T10:40:00Z");
            Instant later = deliveryAt.plusSeconds(900);
            // decisions.md §15: INSERTED comes between the engine's choice and the assignment, so the
            // assignment already carries the estimates; the plans themselves are decisions, never sent
            RunningDispatcher.publish(List.of(
                    delivery.created(),
                    delivery.planned(DeliveryPlanned.INSERTED, pickupAt, deliveryAt),
                    delivery.assigned(),
                    delivery.planned(DeliveryPlanned.REPLANNED, pickupAt, later),
                    delivery.etaUpdated(pickupAt, later),
                    delivery.pickedUp(),
                    delivery.planned(DeliveryPlanned.REOPTIMIZED, null, later.plusSeconds(60)),
                    delivery.cancelled("x")));

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> receiver.received().size() == 5);
            List<JsonNode> bodies = new ArrayList<>();
            for (WebhookReceiver.Received hook : receiver.received()) {
                bodies.add(JSON.readTree(hook.body()));
            }
            assertThat(bodies)
                    .extracting(body -> body.get("event").asText())
                    .containsExactly(
                            "dispatch.created",
                            "dispatch.assigned",
                            "dispatch.eta_updated",
                            "dispatch.picked_up",
                            "dispatch.cancelled");
            assertThat(receiver.received().get(2).header("X-Dispatch-Event")).isEqualTo("dispatch.eta_updated");
            assertThat(receiver.received().get(2).header("X-Dispatch-Sequence")).isEqualTo("4");

            JsonNode created = bodies.get(0).get("data");
            assertThat(iterable(created.fieldNames()))
                    .containsSubsequence(
                            "target_pickup_at", "target_delivery_at", "estimated_pickup_at", "estimated_delivery_at");
            assertThat(created.get("estimated_pickup_at").isNull()).isTrue();
            assertThat(created.get("estimated_delivery_at").isNull()).isTrue();

            JsonNode assigned = bodies.get(1).get("data");
            assertThat(assigned.get("estimated_pickup_at").asText()).isEqualTo("2030-01-01T10:15:00.123Z");
            assertThat(assigned.get("estimated_delivery_at").asText()).isEqualTo("2030-01-01T10:40:00.000Z");

            JsonNode updated = bodies.get(2).get("data");
            assertThat(iterable(updated.fieldNames())).isEqualTo(iterable(assigned.fieldNames()));
            assertThat(updated.get("status").asText()).as("status unchanged").isEqualTo("ASSIGNED");
            assertThat(updated.get("updated_at").asText())
                    .as("an estimate is no status change")
                    .isEqualTo(assigned.get("updated_at").asText());
            assertThat(updated.get("estimated_pickup_at").asText()).isEqualTo("2030-01-01T10:15:00.123Z");
            assertThat(updated.get("estimated_delivery_at").asText()).isEqualTo("2030-01-01T10:55:00.000Z");

            JsonNode pickedUp = bodies.get(3).get("data");
            assertThat(pickedUp.get("estimated_pickup_at").isNull())
                    .as("a pickup clears its estimate")
                    .isTrue();
            assertThat(pickedUp.get("estimated_delivery_at").asText()).isEqualTo("2030-01-01T10:55:00.000Z");

            JsonNode cancelled = bodies.get(4).get("data");
            assertThat(cancelled.get("estimated_pickup_at").isNull()).isTrue();
            assertThat(cancelled.get("estimated_delivery_at").isNull()).isTrue();

            // the pull feed lists what was sent, the estimate update included, and no plan
            HttpResponse<String> feed =
                    dispatcher.call("GET", "/api/v1/external/events", Map.of("X-API-Key", merchant.apiKey()), null);
            assertThat(feed.statusCode()).as(feed.body()).isEqualTo(200);
            List<String> fed = new ArrayList<>();
            JSON.readTree(feed.body())
                    .get("data")
                    .forEach(e -> fed.add(e.get("event").asText()));
            assertThat(fed)
                    .containsExactly(
                            "dispatch.created",
                            "dispatch.assigned",
                            "dispatch.eta_updated",
                            "dispatch.picked_up",
                            "dispatch.cancelled");
        }
    }

    @Test
    void an_endpoint_that_never_succeeds_ends_failed_with_its_last_answer_and_redirects_are_not_followed()
            throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver().answering(302)) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), receiver.url());
            RunningDispatcher.publish(List.of(new TestEvents(merchant.id()).created()));

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> !receiver.received().isEmpty()
                            && "FAILED"
                                    .equals(row(receiver.received().getFirst().eventId())
                                            .get("status")));
            Map<String, Object> row = row(receiver.received().getFirst().eventId());
            assertThat(row).containsEntry("attempt_count", 4).containsEntry("last_http_status", 302);
            assertThat((String) row.get("last_error")).startsWith("HTTP 302 (redirects are not followed)");
            assertThat(row.get("next_attempt_at")).isNull();
            assertThat(receiver.received())
                    .as("four attempts, no request to the redirect target")
                    .hasSize(4);
        }
    }

    @Test
    void an_answer_with_a_nul_byte_is_recorded_with_the_byte_replaced() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()
                .answering(500)
                .answeringBody("upstream\0down".getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
            var merchant = dispatcher.newMerchant();
            dispatcher.register(merchant.id(), receiver.url());
            RunningDispatcher.publish(List.of(new TestEvents(merchant.id()).created()));

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> !receiver.received().isEmpty()
                            && ((Integer) row(receiver.received().getFirst().eventId())
                                            .get("attempt_count"))
                                    >= 1);
            assertThat((String) row(receiver.received().getFirst().eventId()).get("last_error"))
                    .as("PostgreSQL text cannot hold NUL; the attempt is recorded all the same")
                    .isEqualTo("HTTP 500: upstream\uFFFDdown");
        }
    }

    @Test
    void after_a_rotation_retries_of_earlier_notifications_and_new_ones_are_signed_with_the_new_secret()
            throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var merchant = dispatcher.newMerchant();
            String oldSecret = dispatcher.register(merchant.id(), receiver.url());
            java.util.concurrent.atomic.AtomicReference<String> newSecret =
                    new java.util.concurrent.atomic.AtomicReference<>();
            // the first attempt is answered 503 only once the secret was rotated: its retry comes after the rotation
            receiver.answering(r -> {
                if (newSecret.get() == null) {
                    newSecret.set(rotate(merchant.id()));
                    return 503;
                }
                return 200;
            });
            TestEvents delivery = new TestEvents(merchant.id());
            RunningDispatcher.publish(List.of(delivery.created()));
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> receiver.received().size() == 2);
            RunningDispatcher.publish(List.of(delivery.assigned()));
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> receiver.received().size() == 3);

            List<WebhookReceiver.Received> hooks = receiver.received();
            assertThat(newSecret.get()).isNotEqualTo(oldSecret);
            verifies(hooks.get(0), oldSecret, newSecret.get());
            verifies(hooks.get(1), newSecret.get(), oldSecret);
            verifies(hooks.get(2), newSecret.get(), oldSecret);
            assertThat(hooks.get(1).eventId()).isEqualTo(hooks.get(0).eventId());
            assertThat(hooks.get(1).body())
                    .as("the retry keeps its body")
                    .isEqualTo(hooks.get(0).body());
            assertThat(hooks.get(2).header("X-Dispatch-Event")).isEqualTo("dispatch.assigned");
        }
    }

    private static String rotate(UUID merchantId) {
        try {
            HttpResponse<String> rotated =
                    dispatcher.admin("POST", "/api/v1/admin/merchants/" + merchantId + "/webhook/rotate-secret", null);
            assertThat(rotated.statusCode()).isEqualTo(200);
            return JSON.readTree(rotated.body())
                    .get("data")
                    .get("signingSecret")
                    .asText();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void verifies(WebhookReceiver.Received hook, String secret, String notSecret) {
        VERIFIER.verify(
                List.of(secret),
                hook.header(WebhookSigner.TIMESTAMP_HEADER),
                hook.header(WebhookSigner.SIGNATURE_HEADER),
                hook.body());
        assertThatThrownBy(() -> VERIFIER.verify(
                        List.of(notSecret),
                        hook.header(WebhookSigner.TIMESTAMP_HEADER),
                        hook.header(WebhookSigner.SIGNATURE_HEADER),
                        hook.body()))
                .isInstanceOf(WebhookVerificationException.class);
    }

    @Test
    void the_operator_routes_answer_the_contract_and_the_secret_is_stored_encrypted() throws Exception {
        var merchant = dispatcher.newMerchant();
        String path = "/api/v1/admin/merchants/" + merchant.id() + "/webhook";
        assertError(dispatcher.admin("POST", path + "/test", null), 409, "CONFLICT");
        assertError(dispatcher.admin("POST", path + "/rotate-secret", null), 409, "CONFLICT");
        assertError(
                dispatcher.admin(
                        "PUT",
                        "/api/v1/admin/merchants/" + UUID.randomUUID() + "/webhook",
                        "{\"url\":\"https://example.com/h\"}"),
                404,
                "NOT_FOUND");
        assertError(
                dispatcher.admin(
                        "PUT", "/api/v1/admin/merchants/not-a-uuid/webhook", "{\"url\":\"https://example.com/h\"}"),
                404,
                "NOT_FOUND");
        for (String bad : List.of(
                "{\"url\":\"ftp://example.com/h\"}",
                "{\"url\":\"not a url\"}",
                "{}",
                "{\"url\":\"https://user:pw@example.com/h\"}")) {
            HttpResponse<String> answer = dispatcher.admin("PUT", path, bad);
            assertError(answer, 422, "VALIDATION_ERROR");
            assertThat(JSON.readTree(answer.body())
                            .get("error")
                            .get("details")
                            .get("fieldErrors")
                            .has("url"))
                    .isTrue();
        }
        assertError(dispatcher.admin("PUT", path, "{\"url\":"), 422, "VALIDATION_ERROR");
        assertThat(dispatcher
                        .call("PUT", path, Map.of(), "{\"url\":\"https://example.com/h\"}")
                        .statusCode())
                .isEqualTo(401);

        String secret = dispatcher.register(merchant.id(), "https://example.com/h");
        HttpResponse<String> again = dispatcher.admin("PUT", path, "{\"url\":\"https://example.com/h\"}");
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(again.body()).get("data").get("signingSecret").isNull())
                .isTrue();
        String changed = dispatcher.register(merchant.id(), "https://example.com/other");
        assertThat(changed).isNotEqualTo(secret).startsWith("whsec_");

        Map<String, Object> stored = dispatcher
                .jdbc()
                .queryForMap(
                        "select signing_secret, secret_ciphertext from webhook.endpoints where merchant_id = ?",
                        merchant.id());
        assertThat(stored.get("signing_secret")).isNull();
        assertThat(new String((byte[]) stored.get("secret_ciphertext"), StandardCharsets.ISO_8859_1))
                .doesNotContain(changed);

        HttpResponse<String> test = dispatcher.admin("POST", path + "/test", null);
        assertThat(test.statusCode()).isEqualTo(202);
        assertThat(JSON.readTree(test.body()).get("data").get("event").asText()).isEqualTo("webhook.test");
        assertThat(dispatcher.admin("DELETE", path, null).statusCode()).isEqualTo(204);
        assertThat(dispatcher.admin("DELETE", path, null).statusCode()).isEqualTo(204);
        assertError(dispatcher.admin("POST", path + "/test", null), 409, "CONFLICT");
        HttpResponse<String> stats = dispatcher.admin("GET", "/api/v1/admin/webhooks/stats", null);
        assertThat(stats.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(stats.body()).get("data").has("pending")).isTrue();
    }

    // --- helpers ----------------------------------------------------------------------------------

    private static Map<String, Object> row(String notificationId) {
        return dispatcher.jdbc().queryForMap("select * from webhook.notifications where id = ?::uuid", notificationId);
    }

    private static void assertError(HttpResponse<String> answer, int status, String code) throws Exception {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
        JsonNode json = JSON.readTree(answer.body());
        assertThat(json.get("success").asBoolean()).isFalse();
        assertThat(json.get("error").get("code").asText()).isEqualTo(code);
    }

    /** Every webhook.attempt_recorded for the notification on webhook-attempts, in log order. */
    private static List<EventEnvelope> attemptEvents(UUID notificationId) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                SharedTestInfrastructure.get().kafkaBootstrapServers(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false);
        List<EventEnvelope> found = new ArrayList<>();
        try (var consumer = new KafkaConsumer<>(config, new StringDeserializer(), new EventEnvelopeDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (int p = 0; p < Topics.WEBHOOK_ATTEMPTS.partitions(); p++) {
                partitions.add(new TopicPartition(Topics.WEBHOOK_ATTEMPTS.name(), p));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    if (record.value().event() instanceof WebhookAttemptRecorded attempt
                            && attempt.notificationId().equals(notificationId)) {
                        found.add(record.value());
                    }
                });
            }
        }
        return found;
    }

    private static <T> List<T> iterable(java.util.Iterator<T> iterator) {
        List<T> list = new ArrayList<>();
        iterator.forEachRemaining(list::add);
        return list;
    }
}
