package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Webhooks through the whole service over real HTTP: a merchant's deliveries produce signed
 * notifications it can read back, test, and re-send; another merchant sees none of them.
 */
class WebhookDeliveryTest {

    private static final String CREATE = DispatchUnderTest.ORDER.formatted("order-9");

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final WebhookReceiver receiver = new WebhookReceiver();

    @Test
    void lifecycle_webhooks_arrive_signed_and_the_merchant_reads_resends_and_tests_them() throws Exception {
        Merchant merchant = dispatch.newMerchant("Webhooks " + UUID.randomUUID());
        String secret = dispatch.registerWebhook(merchant.id(), receiver.url());
        String id = dispatch.createDelivery(merchant, CREATE);
        dispatch.cancelDelivery(merchant, id, "customer left");

        List<WebhookReceiver.Received> hooks = await().atMost(Duration.ofSeconds(20))
                .until(() -> DispatchUnderTest.hooksFor(receiver, id), found -> found.size() == 2);
        for (WebhookReceiver.Received hook : hooks) {
            DispatchUnderTest.verifySignature(hook, secret);
        }
        JsonNode cancelled = DispatchUnderTest.JSON.readTree(hooks.get(1).body());
        assertThat(cancelled.get("event").asText()).isEqualTo("dispatch.cancelled");
        JsonNode data = cancelled.get("data");
        assertThat(data.get("status").asText()).isEqualTo("CANCELLED");
        assertThat(data.get("cancel_reason").asText()).isEqualTo("customer left");
        assertThat(data.get("external_id").asText()).isEqualTo("order-9");
        assertThat(data.get("zone_id").asText()).isEqualTo("nairobi-cbd");
        assertThat(data.get("source").asText()).isEqualTo("api");
        assertThat(data.get("payment_type").asText()).isEqualTo("COD");
        assertThat(data.get("amount_cents").asLong()).isEqualTo(150000);
        assertThat(data.get("pickup").get("address").asText()).isEqualTo("Kenyatta Ave 1");
        for (String field : List.of(
                "failure_reason",
                "failure_detail",
                "proof_of_delivery",
                "rider_id",
                "target_pickup_at",
                "tracking_token",
                "fee_cents",
                "currency",
                "created_at",
                "updated_at")) {
            assertThat(data.has(field)).as(field).isTrue();
        }

        String path = "/api/v1/external/dispatches/" + id + "/webhooks";
        JsonNode listed = await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> dispatch.call("GET", path, DispatchUnderTest.merchant(merchant.apiKey()), null, 200)
                                .data(),
                        list -> list.size() == 2
                                && list.get(1).get("status").asText().equals("SUCCEEDED")
                                && list.get(0).get("status").asText().equals("SUCCEEDED"));
        assertThat(listed.get(0).get("event").asText()).isEqualTo("dispatch.created");
        assertThat(listed.get(1).get("event").asText()).isEqualTo("dispatch.cancelled");
        JsonNode first = listed.get(0);
        assertThat(first.get("id").asText()).isEqualTo(hooks.get(0).header(WebhookSigner.EVENT_ID_HEADER));
        assertThat(first.get("attemptCount").asInt()).isEqualTo(1);
        assertThat(first.get("lastHttpStatus").asInt()).isEqualTo(204);
        assertThat(first.get("lastError").isNull()).isTrue();
        assertThat(first.get("nextAttemptAt").isNull()).isTrue();
        assertThat(first.get("createdAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(first.get("updatedAt").asText()).isNotBlank();

        Merchant other = dispatch.newMerchant("Other " + UUID.randomUUID());
        dispatch.call("GET", path, DispatchUnderTest.merchant(other.apiKey()), null, 404);
        String resend = path + "/" + first.get("id").asText() + "/resend";
        dispatch.call("POST", resend, DispatchUnderTest.merchant(other.apiKey()), null, 404);
        dispatch.call(
                "POST",
                path + "/" + UUID.randomUUID() + "/resend",
                DispatchUnderTest.merchant(merchant.apiKey()),
                null,
                404);
        dispatch.call("POST", path + "/not-a-uuid/resend", DispatchUnderTest.merchant(merchant.apiKey()), null, 404);

        Answer accepted = dispatch.call("POST", resend, DispatchUnderTest.merchant(merchant.apiKey()), null, 202);
        assertThat(accepted.data().get("id").asText()).isEqualTo(first.get("id").asText());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> DispatchUnderTest.hooksFor(receiver, id).size() == 3);
        WebhookReceiver.Received again =
                DispatchUnderTest.hooksFor(receiver, id).get(2);
        assertThat(again.header(WebhookSigner.EVENT_ID_HEADER))
                .isEqualTo(first.get("id").asText());
        assertThat(again.body()).isEqualTo(hooks.get(0).body());

        Answer test = dispatch.call(
                "POST", "/api/v1/external/webhooks/test", Map.of("X-API-Key", merchant.apiKey()), null, 202);
        assertThat(test.data().get("event").asText()).isEqualTo("webhook.test");
        JsonNode testHook = await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> receiver.received().stream()
                                .filter(r ->
                                        test.data().get("id").asText().equals(r.header(WebhookSigner.EVENT_ID_HEADER)))
                                .map(r -> json(r.body()))
                                .findFirst()
                                .orElse(null),
                        java.util.Objects::nonNull);
        assertThat(testHook.get("data").get("merchant_id").asText()).isEqualTo(merchant.id());
        assertThat(testHook.get("data").get("message").asText()).isNotBlank();
        assertThat(testHook.get("data").get("sent_at").asText()).endsWith("Z");
        Answer noEndpoint =
                dispatch.call("POST", "/api/v1/external/webhooks/test", Map.of("X-API-Key", other.apiKey()), null, 409);
        assertThat(noEndpoint.error().get("code").asText()).isEqualTo("CONFLICT");
    }

    @Test
    void a_pending_notification_cannot_be_resent_and_a_removed_endpoint_gets_no_new_notifications() throws Exception {
        try (WebhookReceiver failing = new WebhookReceiver().answering(503)) {
            Merchant merchant = dispatch.newMerchant("Down " + UUID.randomUUID());
            dispatch.registerWebhook(merchant.id(), failing.url());
            String id = dispatch.createDelivery(merchant, CREATE);
            String path = "/api/v1/external/dispatches/" + id + "/webhooks";
            JsonNode retrying = await().atMost(Duration.ofSeconds(15))
                    .until(
                            () -> dispatch.call("GET", path, DispatchUnderTest.merchant(merchant.apiKey()), null, 200)
                                    .data(),
                            list -> list.size() == 1
                                    && list.get(0).get("attemptCount").asInt() >= 1)
                    .get(0);
            assertThat(retrying.get("status").asText()).isEqualTo("PENDING");
            assertThat(retrying.get("lastHttpStatus").asInt()).isEqualTo(503);
            assertThat(retrying.get("lastError").asText()).startsWith("HTTP 503");
            assertThat(retrying.get("nextAttemptAt").isNull()).isFalse();
            Answer conflict = dispatch.call(
                    "POST",
                    path + "/" + retrying.get("id").asText() + "/resend",
                    DispatchUnderTest.merchant(merchant.apiKey()),
                    null,
                    409);
            assertThat(conflict.error().get("details").get("currentStatus").asText())
                    .isEqualTo("PENDING");

            dispatch.call(
                    "DELETE",
                    "/api/v1/admin/merchants/" + merchant.id() + "/webhook",
                    DispatchUnderTest.admin(),
                    null,
                    204);
            String second = dispatch.createDelivery(merchant, CREATE);
            dispatch.cancelDelivery(merchant, second, null);
            // the first notification ends FAILED at its next attempt; by then the later events were seen too
            await().atMost(Duration.ofSeconds(15))
                    .until(() -> dispatch.call("GET", path, DispatchUnderTest.merchant(merchant.apiKey()), null, 200)
                            .data()
                            .get(0)
                            .get("status")
                            .asText()
                            .equals("FAILED"));
            assertThat(dispatch.call(
                                    "GET",
                                    "/api/v1/external/dispatches/" + second + "/webhooks",
                                    DispatchUnderTest.merchant(merchant.apiKey()),
                                    null,
                                    200)
                            .data())
                    .isEmpty();
        }
    }

    @Test
    void an_endpoint_answering_410_is_disabled_what_it_misses_is_kept_in_the_webhook_list_and_sent_once_enabled()
            throws Exception {
        try (WebhookReceiver gone = new WebhookReceiver().answering(410)) {
            Merchant merchant = dispatch.newMerchant("Gone " + UUID.randomUUID());
            java.util.function.Supplier<Map<String, String>> key = () -> DispatchUnderTest.merchant(merchant.apiKey());
            dispatch.call("GET", "/api/v1/external/webhooks", key.get(), null, 404);
            dispatch.registerWebhook(merchant.id(), gone.url());
            String first = dispatch.createDelivery(merchant, CREATE);
            JsonNode disabled = await().atMost(Duration.ofSeconds(20))
                    .until(
                            () -> dispatch.call("GET", "/api/v1/external/webhooks", key.get(), null, 200)
                                    .data(),
                            endpoint -> endpoint.get("status").asText().equals("DISABLED"));
            assertThat(disabled.get("disabledReason").asText()).contains("410");

            String second = dispatch.createDelivery(merchant, CREATE);
            dispatch.cancelDelivery(merchant, second, "x");
            String path = "/api/v1/external/dispatches/" + second + "/webhooks";
            JsonNode kept = await().atMost(Duration.ofSeconds(15))
                    .until(
                            () -> dispatch.call("GET", path, key.get(), null, 200)
                                    .data(),
                            list -> list.size() == 2);
            for (JsonNode notification : kept) {
                assertThat(notification.get("status").asText()).isEqualTo("PENDING");
                assertThat(notification.get("attemptCount").asInt()).isZero();
                assertThat(notification.get("lastError").asText()).startsWith("kept: the endpoint is disabled");
            }
            assertThat(dispatch.call("GET", "/api/v1/external/webhooks", key.get(), null, 200)
                            .data()
                            .get("pending")
                            .asLong())
                    .isEqualTo(3);

            gone.answering(200);
            JsonNode enabled = dispatch.call(
                            "POST",
                            "/api/v1/admin/merchants/" + merchant.id() + "/webhook/enable",
                            DispatchUnderTest.admin(),
                            null,
                            200)
                    .data();
            assertThat(enabled.get("status").asText()).isEqualTo("ACTIVE");
            assertThat(enabled.get("disabledReason").isNull()).isTrue();
            await().atMost(Duration.ofSeconds(20))
                    .until(
                            () -> dispatch.call("GET", path, key.get(), null, 200)
                                    .data(),
                            list -> list.size() == 2
                                    && list.get(0).get("status").asText().equals("SUCCEEDED")
                                    && list.get(1).get("status").asText().equals("SUCCEEDED")
                                    && list.get(1).get("lastError").isNull());
            List<String> sequences = gone.received().stream()
                    .filter(hook -> hook.status() == 200)
                    .map(hook -> hook.header(WebhookSigner.SEQUENCE_HEADER))
                    .toList();
            assertThat(sequences)
                    .as("the second delivery's two events, in order, after the first's")
                    .endsWith("0", "1");
            JsonNode healthy = dispatch.call("POST", "/api/v1/external/webhooks/enable", key.get(), null, 200)
                    .data();
            assertThat(healthy.get("status").asText()).isEqualTo("ACTIVE");
            assertThat(healthy.get("succeededLast24h").asLong()).isEqualTo(3);
            assertThat(dispatch.call("GET", "/api/v1/external/dispatches/" + first + "/webhooks", key.get(), null, 200)
                            .data()
                            .get(0)
                            .get("status")
                            .asText())
                    .isIn("PENDING", "SUCCEEDED");

            JsonNode recovered = dispatch.call(
                            "POST",
                            "/api/v1/external/webhooks/recover",
                            key.get(),
                            "{\"since\":\"" + java.time.Instant.now().minusSeconds(3600) + "\"}",
                            202)
                    .data();
            assertThat(recovered.get("count").asInt()).isZero();
            Answer badRange = dispatch.call(
                    "POST",
                    "/api/v1/external/webhooks/recover",
                    key.get(),
                    "{\"since\":\"" + java.time.Instant.now().minus(Duration.ofDays(8)) + "\"}",
                    422);
            assertThat(badRange.error().get("details").get("fieldErrors").has("since"))
                    .isTrue();
            dispatch.call(
                    "POST",
                    "/api/v1/admin/merchants/" + UUID.randomUUID() + "/webhook/enable",
                    DispatchUnderTest.admin(),
                    null,
                    404);
        }
    }

    @Test
    void the_webhook_routes_are_in_the_openapi_document() throws Exception {
        JsonNode paths = dispatch.documents().get("paths");
        assertThat(paths.has("/api/v1/external/dispatches/{id}/webhooks")).isTrue();
        assertThat(paths.has("/api/v1/external/dispatches/{id}/webhooks/{notificationId}/resend"))
                .isTrue();
        assertThat(paths.has("/api/v1/external/webhooks/test")).isTrue();
        assertThat(paths.has("/api/v1/external/webhooks")).isTrue();
        assertThat(paths.has("/api/v1/external/webhooks/enable")).isTrue();
        assertThat(paths.has("/api/v1/external/webhooks/recover")).isTrue();
        JsonNode recover = paths.get("/api/v1/external/webhooks/recover").get("post");
        assertThat(recover.get("responses").has("202")).isTrue();
        assertThat(recover.get("responses").has("409")).isTrue();
        assertThat(paths.has("/api/v1/admin/merchants/{merchantId}/webhook/rotate-secret"))
                .isTrue();
        JsonNode list = paths.get("/api/v1/external/dispatches/{id}/webhooks").get("get");
        assertThat(list.get("parameters").findValuesAsText("name")).containsOnlyOnce("Idempotency-Key");
        assertThat(list.get("responses").has("404")).isTrue();
    }

    private static JsonNode json(byte[] body) {
        try {
            return DispatchUnderTest.JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
