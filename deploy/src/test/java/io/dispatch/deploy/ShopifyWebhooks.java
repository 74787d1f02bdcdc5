package io.dispatch.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Plays Shopify for the tests: connects a merchant's store through the operator API and sends
 * orders/create bodies (real shapes from src/test/resources/shopify, see its README) signed as
 * Shopify signs them, computed here independently of the service's own verifier.
 */
final class ShopifyWebhooks {

    static final String PICKUP = """
      {"address":"Moi Avenue 1, Nairobi","lat":-1.2841,"lng":36.8233}""";

    private final DispatchUnderTest dispatch;

    ShopifyWebhooks(DispatchUnderTest dispatch) {
        this.dispatch = dispatch;
    }

    /** A new merchant whose store is connected with a secret of its own. */
    record Store(DispatchUnderTest.Merchant merchant, String secret) {}

    Store connectNew(String name) throws Exception {
        DispatchUnderTest.Merchant merchant = dispatch.newMerchant(name + " " + UUID.randomUUID());
        String secret = "shpss_" + UUID.randomUUID();
        connect(merchant.id(), secret);
        return new Store(merchant, secret);
    }

    /** Connects the merchant's store; answers the receiveUrl's path. */
    String connect(String merchantId, String secret) throws Exception {
        JsonNode data = dispatch.call(
                        "PUT",
                        settingsPath(merchantId),
                        DispatchUnderTest.admin(),
                        "{\"shopDomain\":\"dispatch-test.myshopify.com\",\"webhookSecret\":\"" + secret
                                + "\",\"pickup\":" + PICKUP + "}",
                        200)
                .data();
        String receiveUrl = data.get("receiveUrl").asText();
        return receiveUrl.substring(receiveUrl.indexOf("/api/v1/"));
    }

    static String settingsPath(String merchantId) {
        return "/api/v1/admin/merchants/" + merchantId + "/integrations/shopify";
    }

    static String receiverPath(String merchantId) {
        return "/api/v1/integrations/shopify/" + merchantId + "/orders";
    }

    /** A fixture as Shopify's JSON tree, for a test to change one field and say which. */
    static ObjectNode order(String fixture) {
        try (InputStream in = ShopifyWebhooks.class.getResourceAsStream("/shopify/" + fixture)) {
            return (ObjectNode) DispatchUnderTest.JSON.readTree(in);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static String text(JsonNode order) {
        try {
            return DispatchUnderTest.JSON.writeValueAsString(order);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Base64 HMAC-SHA256 of the body's bytes with the secret, as X-Shopify-Hmac-Sha256 carries it. */
    static String hmac(String secret, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static Map<String, String> headers(String hmac, String webhookId) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Shopify-Topic", "orders/create");
        headers.put("X-Shopify-Shop-Domain", "dispatch-test.myshopify.com");
        headers.put("X-Shopify-Hmac-Sha256", hmac);
        headers.put("X-Shopify-Webhook-Id", webhookId);
        return headers;
    }

    /** Sends the body signed with the secret under a fresh webhook id. */
    Answer send(String merchantId, String secret, String body) throws Exception {
        return send(merchantId, secret, body, UUID.randomUUID().toString());
    }

    Answer send(String merchantId, String secret, String body, String webhookId) throws Exception {
        return dispatch.send(
                "POST", receiverPath(merchantId), headers(hmac(secret, body), webhookId), body, "application/json");
    }
}
