package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Shopify's orders/create webhooks through the whole service over real HTTP (decisions.md
 * section 11): signed orders become deliveries with source shopify on the path of every create,
 * anything unsigned is refused before it is read, and a webhook id makes one delivery at most.
 */
class ShopifyOrdersTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static final ShopifyWebhooks shopify = new ShopifyWebhooks(dispatch);

    @AutoClose
    private static final WebhookReceiver receiver = new WebhookReceiver();

    @Test
    void a_signed_order_becomes_one_shopify_delivery_with_the_order_s_fields() throws Exception {
        ShopifyWebhooks.Store store = shopify.connectNew("Shopify");
        Merchant merchant = store.merchant();
        String secret = store.secret();
        dispatch.registerWebhook(merchant.id(), receiver.url());

        Answer answer =
                shopify.send(merchant.id(), secret, ShopifyWebhooks.text(ShopifyWebhooks.order("orders-create.json")));

        assertThat(answer.status()).as(answer.response().body()).isEqualTo(200);
        assertThat(answer.data().get("outcome").asText()).isEqualTo("CREATED");
        String id = answer.data().get("dispatchId").asText();
        JsonNode delivery = readDelivery(merchant, id);
        assertThat(delivery.get("source").asText()).isEqualTo("shopify");
        assertThat(delivery.get("status").asText()).isEqualTo("NEW");
        assertThat(delivery.get("externalId").asText()).isEqualTo("#1001");
        assertThat(delivery.get("customerName").asText()).isEqualTo("Bob Norman");
        assertThat(delivery.get("customerPhone").asText()).isEqualTo("555-625-1199");
        assertThat(delivery.get("dropoff").get("address").asText())
                .isEqualTo("Chestnut Street 92, Louisville, 40202, United States");
        assertThat(delivery.get("dropoff").get("lat").asDouble()).isEqualTo(45.41634);
        assertThat(delivery.get("dropoff").get("lng").asDouble()).isEqualTo(-75.6868);
        assertThat(delivery.get("pickup").get("address").asText()).isEqualTo("Moi Avenue 1, Nairobi");
        assertThat(delivery.get("pickup").get("lat").asDouble()).isEqualTo(-1.2841);
        assertThat(delivery.get("paymentType").asText())
                .as("financial_status authorized")
                .isEqualTo("PREPAID");
        assertThat(delivery.get("amountCents").asLong())
                .as("total_price \"409.94\", exact")
                .isEqualTo(40994);
        assertThat(delivery.get("currency").asText()).isEqualTo("USD");

        JsonNode created = await().atMost(Duration.ofSeconds(20)).until(() -> createdHook(id), hook -> hook != null);
        assertThat(created.get("data").get("source").asText()).isEqualTo("shopify");
        assertThat(created.get("data").get("external_id").asText()).isEqualTo("#1001");
        JsonNode history = dispatch.call(
                        "GET",
                        "/api/v1/external/dispatches/" + id + "/events",
                        DispatchUnderTest.merchant(merchant.apiKey()),
                        null,
                        200)
                .data();
        assertThat(history.get(0).get("actor").get("type").asText())
                .as("the merchant's own shop")
                .isEqualTo("merchant");
    }

    @Test
    void a_wrong_or_missing_signature_or_an_unknown_merchant_is_refused_and_nothing_is_stored() throws Exception {
        ShopifyWebhooks.Store store = shopify.connectNew("Shopify unsigned");
        Merchant merchant = store.merchant();
        String secret = store.secret();
        String body = ShopifyWebhooks.text(ShopifyWebhooks.order("orders-create.json"));

        List<Answer> refused = List.of(
                shopify.send(merchant.id(), "not-the-secret", body),
                dispatch.send(
                        "POST",
                        ShopifyWebhooks.receiverPath(merchant.id()),
                        ShopifyWebhooks.headers(ShopifyWebhooks.hmac(secret, body), "tampered"),
                        body.replace("409.94", "1.00"),
                        "application/json"),
                dispatch.send(
                        "POST",
                        ShopifyWebhooks.receiverPath(merchant.id()),
                        ShopifyWebhooks.headers("not base64 at all!", "garbled"),
                        body,
                        "application/json"),
                shopify.send(UUID.randomUUID().toString(), secret, body),
                shopify.send("not-a-uuid", secret, body));
        for (Answer answer : refused) {
            assertThat(answer.status()).as(answer.response().body()).isEqualTo(401);
            assertThat(answer.error().get("code").asText()).isEqualTo("UNAUTHORIZED");
            assertThat(answer.header("X-Request-Id"))
                    .isEqualTo(answer.error().get("requestId").asText());
        }
        assertThat(overview(merchant).get("recentOrders"))
                .as("nothing recorded")
                .isEmpty();
        assertThat(deliveries(merchant)).as("nothing created").isEmpty();
    }

    @Test
    void a_repeated_webhook_id_answers_200_and_makes_no_second_delivery_even_when_the_two_race() throws Exception {
        ShopifyWebhooks.Store store = shopify.connectNew("Shopify repeat");
        Merchant merchant = store.merchant();
        String secret = store.secret();
        String body = ShopifyWebhooks.text(ShopifyWebhooks.order("orders-create.json"));

        Answer first = shopify.send(merchant.id(), secret, body, "webhook-once");
        Answer again = shopify.send(merchant.id(), secret, body, "webhook-once");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.data().get("outcome").asText()).isEqualTo("DUPLICATE");
        assertThat(again.data().get("dispatchId").asText())
                .isEqualTo(first.data().get("dispatchId").asText());

        ObjectNode another = ShopifyWebhooks.order("orders-create.json");
        another.put("id", 450789470L);
        another.put("name", "#1002");
        String anotherBody = ShopifyWebhooks.text(another);
        List<CompletableFuture<Answer>> racing = List.of(
                race(merchant, secret, anotherBody, "webhook-raced"),
                race(merchant, secret, anotherBody, "webhook-raced"));
        List<String> outcomes = racing.stream()
                .map(CompletableFuture::join)
                .peek(answer ->
                        assertThat(answer.status()).as(answer.response().body()).isEqualTo(200))
                .map(answer -> answer.data().get("outcome").asText())
                .sorted()
                .toList();
        assertThat(outcomes).containsExactly("CREATED", "DUPLICATE");

        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(deliveries(merchant)).hasSize(2));
    }

    @Test
    void the_same_order_posted_again_under_a_new_webhook_id_makes_no_second_delivery_even_when_the_two_race()
            throws Exception {
        ShopifyWebhooks.Store store = shopify.connectNew("Shopify replayed");
        Merchant merchant = store.merchant();
        String secret = store.secret();
        String body = ShopifyWebhooks.text(ShopifyWebhooks.order("orders-create.json"));

        Answer first = shopify.send(merchant.id(), secret, body, "webhook-first");
        assertThat(first.data().get("outcome").asText()).isEqualTo("CREATED");
        Answer replayed = shopify.send(merchant.id(), secret, body, "webhook-replayed-" + UUID.randomUUID());
        assertThat(replayed.status())
                .as("the webhook id is not under the signature: the order's id is")
                .isEqualTo(200);
        assertThat(replayed.data().get("outcome").asText()).isEqualTo("DUPLICATE");
        assertThat(replayed.data().get("dispatchId").asText())
                .isEqualTo(first.data().get("dispatchId").asText());

        ObjectNode another = ShopifyWebhooks.order("orders-create.json");
        another.put("id", 450789471L);
        another.put("name", "#1003");
        String anotherBody = ShopifyWebhooks.text(another);
        List<String> outcomes = List.of(
                        race(merchant, secret, anotherBody, "raced-" + UUID.randomUUID()),
                        race(merchant, secret, anotherBody, "raced-" + UUID.randomUUID()))
                .stream()
                .map(CompletableFuture::join)
                .peek(answer ->
                        assertThat(answer.status()).as(answer.response().body()).isEqualTo(200))
                .map(answer -> answer.data().get("outcome").asText())
                .sorted()
                .toList();
        assertThat(outcomes).containsExactly("CREATED", "DUPLICATE");

        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(deliveries(merchant)).hasSize(2));
        JsonNode recent = overview(merchant).get("recentOrders");
        assertThat(recent).hasSize(4);
        assertThat(recent.findValuesAsText("outcome"))
                .containsExactlyInAnyOrder("CREATED", "DUPLICATE", "CREATED", "DUPLICATE");
    }

    @Test
    void an_order_without_a_shipping_address_answers_200_and_makes_no_delivery() throws Exception {
        ShopifyWebhooks.Store store = shopify.connectNew("Shopify pickup in store");
        Merchant merchant = store.merchant();
        String secret = store.secret();
        ObjectNode order = ShopifyWebhooks.order("orders-create.json");
        order.putNull("shipping_address"); // as Shopify sends an order picked up in store

        Answer answer = shopify.send(merchant.id(), secret, ShopifyWebhooks.text(order));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.data().get("outcome").asText()).isEqualTo("NO_SHIPPING_ADDRESS");
        assertThat(answer.data().get("dispatchId").isNull()).isTrue();
        assertThat(deliveries(merchant)).isEmpty();
    }

    @Test
    void a_pending_order_is_cash_on_delivery_and_an_invalid_one_is_recorded_with_its_field_errors() throws Exception {
        ShopifyWebhooks.Store store = shopify.connectNew("Shopify COD");
        Merchant merchant = store.merchant();
        String secret = store.secret();
        ObjectNode sample = ShopifyWebhooks.order("orders-create-test-notification.json");

        Answer invalid = shopify.send(merchant.id(), secret, ShopifyWebhooks.text(sample));
        assertThat(invalid.status())
                .as("200: Shopify must not retry an order that cannot change")
                .isEqualTo(200);
        assertThat(invalid.data().get("outcome").asText()).isEqualTo("INVALID");

        ObjectNode pending = sample.deepCopy();
        pending.put("financial_status", "pending");
        pending.put("phone", "+254 712 345 678"); // the order's phone: the shipping phone 555-555-SHIP is no number
        Answer created = shopify.send(merchant.id(), secret, ShopifyWebhooks.text(pending));
        assertThat(created.data().get("outcome").asText())
                .as(created.response().body())
                .isEqualTo("CREATED");
        JsonNode delivery =
                readDelivery(merchant, created.data().get("dispatchId").asText());
        assertThat(delivery.get("paymentType").asText()).isEqualTo("COD");
        assertThat(delivery.get("amountCents").asLong()).isEqualTo(40300);
        assertThat(delivery.get("customerPhone").asText()).isEqualTo("+254 712 345 678");
        assertThat(delivery.get("customerName").asText()).isEqualTo("Steve Shipper");
        assertThat(delivery.get("dropoff").get("address").asText())
                .isEqualTo("123 Shipping Street, Shippington, K2P0S0, United States");
        assertThat(delivery.get("dropoff").get("lat").isNull())
                .as("Shopify had no coordinates")
                .isTrue();

        JsonNode recent = overview(merchant).get("recentOrders");
        assertThat(recent).hasSize(2);
        assertThat(recent.get(0).get("outcome").asText()).as("newest first").isEqualTo("CREATED");
        assertThat(recent.get(0).get("dispatchId").asText())
                .isEqualTo(delivery.get("id").asText());
        assertThat(recent.get(1).get("orderName").asText()).isEqualTo("#9999");
        assertThat(recent.get(1).get("outcome").asText()).isEqualTo("INVALID");
        assertThat(recent.get(1).get("detail").asText()).startsWith("customerPhone: ");
        assertThat(recent.get(1).get("dispatchId").isNull()).isTrue();
    }

    private static CompletableFuture<Answer> race(Merchant merchant, String secret, String body, String webhookId) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return shopify.send(merchant.id(), secret, body, webhookId);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static JsonNode readDelivery(Merchant merchant, String id) {
        return await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> dispatch.send(
                                "GET",
                                "/api/v1/external/dispatches/" + id,
                                DispatchUnderTest.merchant(merchant.apiKey()),
                                null,
                                null),
                        answer -> answer.status() == 200)
                .data();
    }

    private static JsonNode deliveries(Merchant merchant) throws Exception {
        return dispatch.call(
                        "GET",
                        "/api/v1/external/dispatches?source=shopify",
                        DispatchUnderTest.merchant(merchant.apiKey()),
                        null,
                        200)
                .data();
    }

    private static JsonNode overview(Merchant merchant) throws Exception {
        return dispatch.call("GET", ShopifyWebhooks.settingsPath(merchant.id()), DispatchUnderTest.admin(), null, 200)
                .data();
    }

    private static JsonNode createdHook(String dispatchId) {
        for (WebhookReceiver.Received hook : receiver.received()) {
            try {
                JsonNode body = DispatchUnderTest.JSON.readTree(hook.body());
                if ("dispatch.created".equals(body.get("event").asText())
                        && dispatchId.equals(
                                body.get("data").path("dispatch_id").asText())) {
                    return body;
                }
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }
        return null;
    }
}
