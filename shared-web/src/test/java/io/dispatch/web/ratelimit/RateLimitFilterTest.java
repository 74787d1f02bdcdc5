package io.dispatch.web.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.WebLayersTest;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The test context allows 5 requests per minute; its clock stands still 10 s into a minute. */
class RateLimitFilterTest extends WebLayersTest {

    private static final String PING = "/api/v1/external/ping";

    @BeforeEach
    void startOfAWindow() {
        clock.startNextMinutePlus(Duration.ofSeconds(10));
    }

    private Answer ping(String apiKey) {
        return call("POST").path(PING).apiKey(apiKey).send();
    }

    @Test
    void the_sixth_request_of_a_key_in_one_minute_is_rate_limited() {
        String apiKey = newApiKey();
        for (int i = 1; i <= 5; i++) {
            Answer allowed = ping(apiKey);
            assertThat(allowed.status()).isEqualTo(200);
            assertThat(allowed.header("RateLimit-Limit")).isEqualTo("5");
            assertThat(allowed.header("RateLimit-Remaining")).isEqualTo(Integer.toString(5 - i));
            assertThat(allowed.header("RateLimit-Reset")).isEqualTo("50");
            assertThat(allowed.header("RateLimit-Policy")).isEqualTo("5;w=60");
            assertThat(allowed.header("Retry-After")).isNull();
        }

        Answer limited = ping(apiKey);

        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("success").asBoolean()).isFalse();
        assertThat(limited.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(limited.json().get("error").get("message").asString()).contains("5 requests per minute");
        assertThat(limited.json().get("error").get("requestId").asString()).isEqualTo(limited.header("X-Request-Id"));
        assertThat(limited.header("Retry-After")).isEqualTo("50");
        assertThat(limited.header("RateLimit-Limit")).isEqualTo("5");
        assertThat(limited.header("RateLimit-Remaining")).isEqualTo("0");
        assertThat(limited.header("RateLimit-Reset")).isEqualTo("50");
        assertThat(limited.header("RateLimit-Policy")).isEqualTo("5;w=60");
    }

    @Test
    void the_reset_counts_down_to_the_end_of_the_window_and_the_next_window_starts_afresh() {
        String apiKey = newApiKey();
        for (int i = 0; i < 5; i++) {
            ping(apiKey);
        }
        clock.advance(Duration.ofMillis(49_500));
        Answer lastHalfSecond = ping(apiKey);
        assertThat(lastHalfSecond.status()).isEqualTo(429);
        assertThat(lastHalfSecond.header("Retry-After")).isEqualTo("1");
        assertThat(lastHalfSecond.header("RateLimit-Reset")).isEqualTo("1");

        clock.advance(Duration.ofMillis(500));
        Answer nextWindow = ping(apiKey);

        assertThat(nextWindow.status()).isEqualTo(200);
        assertThat(nextWindow.header("RateLimit-Remaining")).isEqualTo("4");
        assertThat(nextWindow.header("RateLimit-Reset")).isEqualTo("60");
    }

    @Test
    void every_error_answer_of_an_authenticated_request_carries_the_headers() {
        String apiKey = newApiKey();
        Answer noSuchRoute =
                call("GET").path("/api/v1/external/nothing-here").apiKey(apiKey).send();
        Answer handlerRejects = call("POST")
                .path("/api/v1/external/dispatches/rejected")
                .apiKey(apiKey)
                .json("{}")
                .send();
        Answer handlerFails = call("POST")
                .path("/api/v1/external/dispatches/broken")
                .apiKey(apiKey)
                .json("{}")
                .send();

        assertThat(noSuchRoute.status()).isEqualTo(404);
        assertThat(handlerRejects.status()).isEqualTo(422);
        assertThat(handlerFails.status()).isEqualTo(500);
        assertThat(noSuchRoute.header("RateLimit-Remaining")).isEqualTo("4");
        assertThat(handlerRejects.header("RateLimit-Remaining")).isEqualTo("3");
        assertThat(handlerFails.header("RateLimit-Remaining")).isEqualTo("2");
        for (Answer answer : new Answer[] {noSuchRoute, handlerRejects, handlerFails}) {
            assertThat(answer.header("RateLimit-Limit")).isEqualTo("5");
            assertThat(answer.header("RateLimit-Reset")).isEqualTo("50");
            assertThat(answer.header("RateLimit-Policy")).isEqualTo("5;w=60");
        }
    }

    @Test
    void keys_are_counted_independently_even_of_one_merchant() {
        UUID merchant = accounts.createMerchant("two keys").id();
        String exhausted = newApiKey(merchant);
        String other = newApiKey(merchant);
        for (int i = 0; i < 5; i++) {
            ping(exhausted);
        }

        assertThat(ping(exhausted).status()).isEqualTo(429);
        Answer otherKey = ping(other);
        assertThat(otherKey.status()).isEqualTo(200);
        assertThat(otherKey.header("RateLimit-Remaining")).isEqualTo("4");
    }

    @Test
    void unauthenticated_requests_are_not_counted_and_get_no_rate_limit_headers() {
        Answer unauthenticated =
                call("POST").path(PING).apiKey("key_0000000000000000.wrong").send();
        assertThat(unauthenticated.status()).isEqualTo(401);
        assertThat(unauthenticated.header("RateLimit-Limit")).isNull();

        Answer outside = call("GET").path("/not-the-api").send();
        assertThat(outside.header("RateLimit-Limit")).isNull();
    }
}
