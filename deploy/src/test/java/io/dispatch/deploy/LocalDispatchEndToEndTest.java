package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The whole service in one JVM against a real Kafka broker and PostgreSQL, spoken to over real
 * HTTP the way a merchant would: create, read back at once, receive the signed webhook, cancel.
 */
class LocalDispatchEndToEndTest {

    private static final ObjectMapper JSON = DispatchUnderTest.JSON;

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final WebhookReceiver receiver = new WebhookReceiver();

    @Test
    void a_created_delivery_is_readable_at_once_and_its_webhook_arrives_signed() throws Exception {
        Merchant merchant = dispatch.newMerchant("Duka");
        String apiKey = merchant.apiKey();
        String secret = dispatch.registerWebhook(merchant.id(), receiver.url());

        JsonNode created = call(
                        "POST",
                        "/api/v1/external/dispatches",
                        DispatchUnderTest.merchant(apiKey),
                        DispatchUnderTest.ORDER.formatted("order-77"),
                        201)
                .get("data");
        String id = created.get("id").asText();
        assertThat(created.get("status").asText()).isEqualTo("NEW");
        assertThat(created.get("zoneId").asText()).isEqualTo("nairobi-cbd");
        assertThat(created.get("source").asText()).isEqualTo("api");

        JsonNode read = call("GET", "/api/v1/external/dispatches/" + id, DispatchUnderTest.merchant(apiKey), null, 200)
                .get("data");
        assertThat(read.get("id").asText()).isEqualTo(id);
        assertThat(read.get("feeCents").asLong())
                .isEqualTo(created.get("feeCents").asLong());
        assertThat(read.get("externalId").asText()).isEqualTo("order-77");

        await().atMost(Duration.ofSeconds(20)).until(() -> !receiver.received().isEmpty());
        WebhookReceiver.Received hook = receiver.received().getFirst();
        DispatchUnderTest.verifySignature(hook, secret);
        JsonNode payload = JSON.readTree(hook.body());
        assertThat(hook.header(WebhookSigner.EVENT_HEADER)).isEqualTo("dispatch.created");
        assertThat(payload.get("event").asText()).isEqualTo("dispatch.created");
        assertThat(payload.get("data").get("dispatch_id").asText()).isEqualTo(id);
        assertThat(payload.get("data").get("external_id").asText()).isEqualTo("order-77");
        assertThat(payload.get("data").get("status").asText()).isEqualTo("NEW");

        JsonNode cancelled = call(
                        "PATCH",
                        "/api/v1/external/dispatches/" + id + "/status",
                        DispatchUnderTest.merchant(apiKey),
                        "{\"status\":\"CANCELLED\",\"reason\":\"customer left\"}",
                        200)
                .get("data");
        assertThat(cancelled.get("status").asText()).isEqualTo("CANCELLED");
        JsonNode history = call(
                        "GET",
                        "/api/v1/external/dispatches/" + id + "/events",
                        DispatchUnderTest.merchant(apiKey),
                        null,
                        200)
                .get("data");
        assertThat(history).hasSize(2);
        assertThat(history.get(1).get("status").asText()).isEqualTo("CANCELLED");
        assertThat(history.get(1).get("previousStatus").asText()).isEqualTo("NEW");

        JsonNode conflict = call(
                "PATCH",
                "/api/v1/external/dispatches/" + id + "/status",
                DispatchUnderTest.merchant(apiKey),
                "{\"status\":\"CANCELLED\"}",
                409);
        assertThat(conflict.get("error").get("code").asText()).isEqualTo("CONFLICT");
        assertThat(conflict.get("error").get("details").get("currentStatus").asText())
                .isEqualTo("CANCELLED");
    }

    @Test
    void another_merchants_key_gets_404_and_a_bad_key_401() throws Exception {
        JsonNode missing = call(
                "GET",
                "/api/v1/external/dispatches/" + UUID.randomUUID(),
                DispatchUnderTest.merchant("key_0000.nope"),
                null,
                401);
        assertThat(missing.get("error").get("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(missing.get("error").get("requestId").asText()).isNotBlank();
    }

    private static JsonNode call(String method, String path, Map<String, String> headers, String body, int expected)
            throws Exception {
        return dispatch.call(method, path, headers, body, expected).json();
    }
}
