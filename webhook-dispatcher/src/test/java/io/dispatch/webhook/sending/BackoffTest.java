package io.dispatch.webhook.sending;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final WebhookProperties.Retry DEFAULTS = new WebhookProperties.Retry(null, 0, 0, null);

    /** A generator whose nextDouble is always the given value. */
    private static RandomGenerator fixed(double value) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                return 0;
            }

            @Override
            public double nextDouble() {
                return value;
            }
        };
    }

    @Test
    void the_contract_defaults_are_five_seconds_doubling_ten_attempts_one_hour_cap() {
        assertThat(DEFAULTS)
                .isEqualTo(new WebhookProperties.Retry(Duration.ofSeconds(5), 2.0, 10, Duration.ofHours(1)));
    }

    @Test
    void without_jitter_the_waits_are_5_10_20_40_seconds_and_so_on() {
        RandomGenerator middle = fixed(0.5);
        assertThat(Backoff.after(1, DEFAULTS, middle)).isEqualTo(Duration.ofSeconds(5));
        assertThat(Backoff.after(2, DEFAULTS, middle)).isEqualTo(Duration.ofSeconds(10));
        assertThat(Backoff.after(3, DEFAULTS, middle)).isEqualTo(Duration.ofSeconds(20));
        assertThat(Backoff.after(4, DEFAULTS, middle)).isEqualTo(Duration.ofSeconds(40));
        assertThat(Backoff.after(9, DEFAULTS, middle)).isEqualTo(Duration.ofSeconds(1280));
    }

    @Test
    void jitter_stays_within_ten_percent() {
        assertThat(Backoff.after(2, DEFAULTS, fixed(0.0))).isEqualTo(Duration.ofSeconds(9));
        assertThat(Backoff.after(2, DEFAULTS, fixed(0.999999999)))
                .isBetween(Duration.ofMillis(10_999), Duration.ofSeconds(11));
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1_000; i++) {
            assertThat(Backoff.after(4, DEFAULTS, random)).isBetween(Duration.ofSeconds(36), Duration.ofSeconds(44));
        }
    }

    @Test
    void every_wait_is_capped_even_with_jitter() {
        WebhookProperties.Retry steep =
                new WebhookProperties.Retry(Duration.ofMinutes(10), 10, 10, Duration.ofHours(1));
        assertThat(Backoff.after(5, steep, fixed(0.999))).isEqualTo(Duration.ofHours(1));
        assertThat(Backoff.after(5, steep, fixed(0.0))).isEqualTo(Duration.ofMinutes(54));
        assertThat(Backoff.after(50, DEFAULTS, fixed(0.5))).isEqualTo(Duration.ofHours(1));
    }
}
