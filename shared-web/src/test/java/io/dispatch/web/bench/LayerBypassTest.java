package io.dispatch.web.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.web.WebLayersTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * With the bypass allowed, a request carrying the header skips the rate limit and idempotency;
 * one without it still goes through both. (Ignored while not allowed: see RateLimitFilterTest and
 * IdempotencyFilterTest.)
 */
@TestPropertySource(properties = "dispatch.bench.allow-layer-bypass=true")
class LayerBypassTest extends WebLayersTest {

    private static final String THINGS = "/api/v1/external/dispatches/things";

    @Test
    void a_request_with_the_header_skips_the_rate_limit() {
        clock.startNextMinutePlus(Duration.ofSeconds(10));
        String apiKey = newApiKey();
        for (int i = 0; i < 8; i++) {
            Answer bypassed = call("POST")
                    .path("/api/v1/external/ping")
                    .apiKey(apiKey)
                    .header(LayerBypass.HEADER, "true")
                    .send();
            assertThat(bypassed.status()).isEqualTo(200);
            assertThat(bypassed.header("RateLimit-Limit")).isNull();
        }
        Answer counted =
                call("POST").path("/api/v1/external/ping").apiKey(apiKey).send();
        assertThat(counted.header("RateLimit-Remaining"))
                .as("bypassed requests were not counted")
                .isEqualTo("4");
    }

    @Test
    void a_request_with_the_header_skips_idempotency() {
        String apiKey = newApiKey();
        Answer withoutKey = postBypassing(THINGS, apiKey, null, "{}");
        assertThat(withoutKey.status()).isEqualTo(201);

        String key = newIdempotencyKey();
        postBypassing(THINGS, apiKey, key, "{}");
        Answer again = postBypassing(THINGS, apiKey, key, "{}");
        assertThat(again.header("Idempotent-Replayed")).isNull();
        assertThat(endpoints.executions(key)).isEqualTo(2);
    }

    @Test
    void a_request_without_the_header_still_goes_through_both_layers() {
        String apiKey = newApiKey();
        Answer withoutKey = call("POST").path(THINGS).apiKey(apiKey).json("{}").send();

        assertThat(withoutKey.status()).isEqualTo(422);
        assertThat(withoutKey.header("RateLimit-Limit")).isEqualTo("5");
    }
}
