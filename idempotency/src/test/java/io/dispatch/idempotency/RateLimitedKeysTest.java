package io.dispatch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rate limit runs before the idempotency filter (5 requests per key per minute in the test
 * context): a replay counts, a refusal of the filter carries the rate-limit headers, and a 429
 * never reaches the store.
 */
class RateLimitedKeysTest extends IdempotencyLayersTest {

    @BeforeEach
    void startOfAMinute() {
        clock.startNextMinutePlus(Duration.ofSeconds(10));
    }

    @Test
    void a_missing_key_is_refused_with_the_rate_limit_headers_and_counts() {
        String apiKey = newApiKey();
        Answer missingKey = call("POST").path(THINGS).apiKey(apiKey).json("{}").send();

        assertThat(missingKey.status()).isEqualTo(422);
        assertThat(missingKey.header("RateLimit-Limit")).isEqualTo("5");
        assertThat(missingKey.header("RateLimit-Remaining")).isEqualTo("4");
    }

    @Test
    void a_replayed_answer_counts_and_keeps_the_current_headers() {
        String apiKey = newApiKey();
        String key = newIdempotencyKey();
        Answer first = post(THINGS, apiKey, key, "{}");
        Answer replay = post(THINGS, apiKey, key, "{}");

        assertThat(first.header("RateLimit-Remaining")).isEqualTo("4");
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replay.header("RateLimit-Remaining")).isEqualTo("3");
    }

    @Test
    void a_rate_limited_request_is_not_stored_as_its_idempotent_answer() {
        String apiKey = newApiKey();
        for (int i = 0; i < 5; i++) {
            assertThat(call("POST")
                            .path("/api/v1/external/ping")
                            .apiKey(apiKey)
                            .send()
                            .status())
                    .isEqualTo(200);
        }
        String key = newIdempotencyKey();
        assertThat(post(THINGS, apiKey, key, "{}").status()).isEqualTo(429);

        clock.startNextMinutePlus(Duration.ZERO);
        Answer retried = post(THINGS, apiKey, key, "{}");

        assertThat(retried.status()).isEqualTo(201);
        assertThat(retried.header("Idempotent-Replayed")).isNull();
        assertThat(endpoints.executions(key)).isEqualTo(1);
    }
}
