package io.dispatch.web.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.WebLayersTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The test context allows 3 tracking requests, 4 store webhook deliveries and 3 sign-in requests
 * per client IP per minute.
 */
class PublicRateLimitFilterTest extends WebLayersTest {

    @Test
    void the_public_routes_are_limited_per_client_address_and_the_api_is_not_counted() {
        clock.startNextMinutePlus(Duration.ofSeconds(20));
        for (int i = 1; i <= 3; i++) {
            Answer allowed = call("GET").path("/api/v1/track/some-token-" + i).send();
            assertThat(allowed.status()).isEqualTo(200);
            assertThat(allowed.header("RateLimit-Limit")).isEqualTo("3");
            assertThat(allowed.header("RateLimit-Remaining")).isEqualTo(Integer.toString(3 - i));
        }
        Answer limited = call("GET").path("/api/v1/track/another-token").send();
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(limited.json().get("error").get("message").asString()).contains("client address");
        assertThat(limited.header("Retry-After")).isEqualTo("40");
        assertThat(limited.header("RateLimit-Policy")).isEqualTo("3;w=60");
        Answer unknownPage = call("GET").path("/track/anything").send();
        assertThat(unknownPage.status()).as("every public route counts").isEqualTo(429);

        assertThat(call("POST")
                        .path("/api/v1/external/ping")
                        .apiKey(newApiKey())
                        .send()
                        .status())
                .as("the API's own limit is per key, not per address")
                .isEqualTo(200);
        clock.advance(Duration.ofSeconds(40));
        assertThat(call("GET").path("/api/v1/track/next-minute").send().status())
                .isEqualTo(200);
    }

    @Test
    void signup_and_sign_in_share_one_limit_per_client_address_apart_from_the_tracking_limit() {
        clock.startNextMinutePlus(Duration.ofSeconds(10));
        assertThat(call("POST").path("/api/v1/auth/signin").send().status()).isNotEqualTo(429);
        assertThat(call("POST").path("/api/v1/auth/signup").send().status()).isNotEqualTo(429);
        Answer third = call("POST").path("/api/v1/auth/signin").send();
        assertThat(third.status()).isNotEqualTo(429);
        assertThat(third.header("RateLimit-Remaining")).isEqualTo("0");
        Answer limited = call("POST").path("/api/v1/auth/signup").send();
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(limited.header("RateLimit-Policy")).isEqualTo("3;w=60");

        assertThat(call("GET").path("/api/v1/track/still-allowed").send().status())
                .as("the tracking limit is a bucket of its own")
                .isEqualTo(200);
        clock.advance(Duration.ofSeconds(50));
        assertThat(call("POST").path("/api/v1/auth/signin").send().status()).isNotEqualTo(429);
    }

    @Test
    void the_store_webhook_receivers_have_their_own_limit_per_client_address() {
        clock.startNextMinutePlus(Duration.ofSeconds(30));
        for (int i = 1; i <= 3; i++) {
            assertThat(call("GET").path("/api/v1/track/spent-" + i).send().status())
                    .isEqualTo(200);
        }
        assertThat(call("GET").path("/api/v1/track/spent-4").send().status()).isEqualTo(429);
        String receiver = "/api/v1/integrations/shopify/" + java.util.UUID.randomUUID() + "/orders";
        for (int i = 1; i <= 4; i++) {
            Answer allowed = call("POST").path(receiver).json("{}").send();
            assertThat(allowed.status())
                    .as("tracking's spent limit does not count here")
                    .isEqualTo(200);
            assertThat(allowed.header("RateLimit-Limit")).isEqualTo("4");
            assertThat(allowed.header("RateLimit-Remaining")).isEqualTo(Integer.toString(4 - i));
        }
        Answer limited = call("POST").path(receiver).json("{}").send();
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(limited.header("Retry-After")).isEqualTo("30");
        assertThat(limited.header("RateLimit-Policy")).isEqualTo("4;w=60");
    }
}
