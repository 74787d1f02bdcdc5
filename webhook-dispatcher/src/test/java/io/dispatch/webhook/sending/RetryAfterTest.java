package io.dispatch.webhook.sending;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-11-24T08:00:00Z");
    private static final Duration MAX_WAIT = Duration.ofHours(1);

    @Test
    void seconds_and_an_http_date_are_both_understood() {
        assertThat(RetryAfter.parse("120", NOW)).isEqualTo(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse(" 7 ", NOW)).isEqualTo(Duration.ofSeconds(7));
        String inNinetySeconds =
                DateTimeFormatter.RFC_1123_DATE_TIME.format(NOW.plusSeconds(90).atOffset(ZoneOffset.UTC));
        assertThat(RetryAfter.parse(inNinetySeconds, NOW)).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void garbage_a_negative_number_zero_and_a_date_in_the_past_count_as_absent() {
        assertThat(RetryAfter.parse(null, NOW)).isNull();
        assertThat(RetryAfter.parse("soon", NOW)).isNull();
        assertThat(RetryAfter.parse("-5", NOW)).isNull();
        assertThat(RetryAfter.parse("1.5", NOW)).isNull();
        assertThat(RetryAfter.parse("0", NOW)).isNull();
        assertThat(RetryAfter.parse("", NOW)).isNull();
        assertThat(RetryAfter.parse("Tue, 24 Nov 2026 07:00:00 GMT", NOW)).isNull();
        assertThat(RetryAfter.parse("x".repeat(10_000), NOW)).isNull();
    }

    @Test
    void a_huge_value_never_overflows_and_is_capped_at_max_wait() {
        Duration huge = RetryAfter.parse("99999999999999999999999999", NOW);
        assertThat(RetryAfter.next(Duration.ofSeconds(5), huge, MAX_WAIT)).isEqualTo(MAX_WAIT);
        Duration farDate = RetryAfter.parse("Fri, 31 Dec 9999 23:59:59 GMT", NOW);
        assertThat(RetryAfter.next(Duration.ofSeconds(5), farDate, MAX_WAIT)).isEqualTo(MAX_WAIT);
    }

    @Test
    void the_next_wait_is_the_longer_of_the_schedule_and_retry_after() {
        assertThat(RetryAfter.next(Duration.ofSeconds(5), Duration.ofSeconds(30), MAX_WAIT))
                .isEqualTo(Duration.ofSeconds(30));
        assertThat(RetryAfter.next(Duration.ofSeconds(40), Duration.ofSeconds(30), MAX_WAIT))
                .isEqualTo(Duration.ofSeconds(40));
        assertThat(RetryAfter.next(Duration.ofSeconds(40), null, MAX_WAIT)).isEqualTo(Duration.ofSeconds(40));
    }

    @Test
    void only_429_and_503_answers_carry_a_retry_after() {
        assertThat(WebhookHttp.outcome(429, new byte[0], "3").retryAfter()).isEqualTo(Duration.ofSeconds(3));
        assertThat(WebhookHttp.outcome(503, new byte[0], "3").retryAfter()).isEqualTo(Duration.ofSeconds(3));
        assertThat(WebhookHttp.outcome(500, new byte[0], "3").retryAfter()).isNull();
        assertThat(WebhookHttp.outcome(200, new byte[0], "3").retryAfter()).isNull();
    }
}
