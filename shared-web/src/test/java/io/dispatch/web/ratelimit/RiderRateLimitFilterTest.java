package io.dispatch.web.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.WebLayersTest;
import io.dispatch.web.identity.RiderAccounts;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The test context allows 4 rider API requests per rider per minute. */
class RiderRateLimitFilterTest extends WebLayersTest {

    @Autowired
    RiderAccounts riders;

    @Test
    void the_rider_api_is_limited_per_rider_and_one_rider_does_not_use_up_another() {
        clock.startNextMinutePlus(Duration.ofSeconds(10));
        String first = riders.createRider("Otieno", "+254 711 000 001").token();
        String second = riders.createRider("Wanjiru", "+254 711 000 002").token();
        for (int i = 1; i <= 4; i++) {
            Answer allowed = call("GET")
                    .path("/api/v1/rider/offers")
                    .header("X-Rider-Token", first)
                    .send();
            assertThat(allowed.status()).isEqualTo(200);
            assertThat(allowed.header("RateLimit-Remaining")).isEqualTo(Integer.toString(4 - i));
        }
        Answer limited = call("GET")
                .path("/api/v1/rider/offers")
                .header("X-Rider-Token", first)
                .send();
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(limited.json().get("error").get("message").asString()).contains("this rider");
        assertThat(limited.header("Retry-After")).isEqualTo("50");

        assertThat(call("GET")
                        .path("/api/v1/rider/offers")
                        .header("X-Rider-Token", second)
                        .send()
                        .status())
                .as("another rider has a window of its own")
                .isEqualTo(200);
        assertThat(call("GET").path("/api/v1/rider/offers").send().status())
                .as("no token: 401 before any counting")
                .isEqualTo(401);
        clock.advance(Duration.ofSeconds(50));
        assertThat(call("GET")
                        .path("/api/v1/rider/offers")
                        .header("X-Rider-Token", first)
                        .send()
                        .status())
                .isEqualTo(200);
    }
}
