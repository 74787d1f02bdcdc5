package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Connecting a Shopify store through the operator API (the service path the dashboard's routes
 * share), and the receivers' limit of 300 requests per minute per client address.
 */
class ShopifySettingsTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @Test
    void connecting_answers_the_receive_url_and_never_the_secret() throws Exception {
        Merchant merchant = dispatch.newMerchant("Shopify settings " + UUID.randomUUID());
        String path = ShopifyWebhooks.settingsPath(merchant.id());
        dispatch.call("GET", path, DispatchUnderTest.admin(), null, 404);

        String answer = dispatch.call("PUT", path, DispatchUnderTest.admin(), """
        {"shopDomain":"My-Store.myshopify.com","webhookSecret":"shpss_never_shown","pickup":{"address":"Moi Avenue 1"}}""", 200)
                .response()
                .body();
        JsonNode data = DispatchUnderTest.JSON.readTree(answer).get("data");
        assertThat(data.get("shopDomain").asText()).isEqualTo("my-store.myshopify.com");
        assertThat(data.get("receiveUrl").asText())
                .isEqualTo(dispatch.bean(io.dispatch.representation.PublicUrls.class)
                                .baseUrl() + "/api/v1/integrations/shopify/" + merchant.id() + "/orders");
        assertThat(answer).doesNotContain("shpss_never_shown");

        String overview = dispatch.call("GET", path, DispatchUnderTest.admin(), null, 200)
                .response()
                .body();
        assertThat(overview).doesNotContain("shpss_never_shown");
        JsonNode read = DispatchUnderTest.JSON.readTree(overview).get("data");
        assertThat(read.get("pickup").get("address").asText()).isEqualTo("Moi Avenue 1");
        assertThat(read.get("recentOrders")).isEmpty();
        byte[] stored = dispatch.bean(org.springframework.jdbc.core.JdbcTemplate.class)
                .queryForObject(
                        "select secret_ciphertext from command.shopify_integrations where merchant_id = ?::uuid",
                        byte[].class,
                        merchant.id());
        assertThat(new String(stored, java.nio.charset.StandardCharsets.ISO_8859_1))
                .as("encrypted at rest")
                .doesNotContain("shpss_never_shown");
    }

    @Test
    void invalid_settings_answer_422_naming_each_field_and_an_unknown_merchant_404() throws Exception {
        Merchant merchant = dispatch.newMerchant("Shopify invalid " + UUID.randomUUID());
        String path = ShopifyWebhooks.settingsPath(merchant.id());
        Map<String, String> cases = Map.of(
                """
        {"shopDomain":"my-store.com","webhookSecret":"s","pickup":{"address":"Moi Avenue 1"}}""", "shopDomain",
                """
        {"shopDomain":"my-store.myshopify.com","webhookSecret":"  ","pickup":{"address":"Moi Avenue 1"}}""", "webhookSecret",
                """
        {"shopDomain":"my-store.myshopify.com","webhookSecret":"s","pickup":{"lat":1,"lng":2}}""", "pickup.address",
                """
        {"shopDomain":"my-store.myshopify.com","webhookSecret":"s","pickup":{"address":"A","lat":91,"lng":2}}""", "pickup.lat",
                """
        {"shopDomain":"my-store.myshopify.com","webhookSecret":"s","pickup":{"address":"A","lng":2}}""", "pickup.lat",
                """
        {"shopDomain":"my-store.myshopify.com","webhookSecret":"s"}""", "pickup",
                "[]", "body");
        for (Map.Entry<String, String> invalid : cases.entrySet()) {
            JsonNode error = dispatch.call("PUT", path, DispatchUnderTest.admin(), invalid.getKey(), 422)
                    .error();
            assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(error.get("details").get("fieldErrors").has(invalid.getValue()))
                    .as("%s names %s: %s", invalid.getKey(), invalid.getValue(), error)
                    .isTrue();
        }
        dispatch.call("GET", path, DispatchUnderTest.admin(), null, 404);
        dispatch.call(
                "PUT", ShopifyWebhooks.settingsPath(UUID.randomUUID().toString()), DispatchUnderTest.admin(), """
        {"shopDomain":"my-store.myshopify.com","webhookSecret":"s","pickup":{"address":"Moi Avenue 1"}}""", 404);
        dispatch.call("PUT", path, Map.of(), "{}", 401);
    }

    @Test
    void the_301st_delivery_from_one_address_in_a_minute_is_refused_with_429() throws Exception {
        // another loopback address than every other test's, so their requests do not count here
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .localAddress(InetAddress.getByName("127.0.0.9"))
                .build();
        // 301 requests take a few seconds: start them early in a minute so they share one window
        await().atMost(Duration.ofSeconds(61))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> Instant.now().getEpochSecond() % 60 < 30);
        String path = ShopifyWebhooks.receiverPath(UUID.randomUUID().toString());
        HttpResponse<String> first = post(client, path);
        assertThat(first.headers().firstValue("RateLimit-Limit")).hasValue("300");
        int remaining = Integer.parseInt(
                first.headers().firstValue("RateLimit-Remaining").orElseThrow());
        for (int i = 0; i < remaining; i++) {
            assertThat(post(client, path).statusCode())
                    .as("unsigned: 401, but counted")
                    .isEqualTo(401);
        }
        HttpResponse<String> limited = post(client, path);
        assertThat(limited.statusCode()).isEqualTo(429);
        JsonNode error = DispatchUnderTest.JSON.readTree(limited.body()).get("error");
        assertThat(error.get("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(limited.headers().firstValue("Retry-After")).isPresent();
        assertThat(limited.headers().firstValue("RateLimit-Policy")).hasValue("300;w=60");
        assertThat(limited.headers().firstValue("X-Request-Id"))
                .hasValue(error.get("requestId").asText());
    }

    private static HttpResponse<String> post(HttpClient client, String path) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(dispatch.baseUrl + path))
                        .timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/json")
                        .header("X-Shopify-Hmac-Sha256", "AAAA")
                        .header("X-Shopify-Webhook-Id", UUID.randomUUID().toString())
                        .POST(HttpRequest.BodyPublishers.ofString("{}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
