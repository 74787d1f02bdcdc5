package io.dispatch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class IdempotencyKeyHeaderTest {

    @Test
    void one_to_255_printable_ascii_characters_are_a_key() {
        assertThat(IdempotencyKeyHeader.problem(List.of("a"))).isNull();
        assertThat(IdempotencyKeyHeader.problem(List.of("x".repeat(255)))).isNull();
        assertThat(IdempotencyKeyHeader.problem(List.of(" !~order 42/retry#1"))).isNull();
    }

    @Test
    void a_missing_empty_or_too_long_key_is_refused() {
        assertThat(IdempotencyKeyHeader.problem(null)).contains("required");
        assertThat(IdempotencyKeyHeader.problem(List.of())).contains("required");
        assertThat(IdempotencyKeyHeader.problem(List.of(""))).contains("1 to 255");
        assertThat(IdempotencyKeyHeader.problem(List.of("x".repeat(256)))).contains("1 to 255");
    }

    @Test
    void control_and_non_ascii_characters_are_refused() {
        assertThat(IdempotencyKeyHeader.problem(List.of("a\tb"))).contains("printable ASCII");
        assertThat(IdempotencyKeyHeader.problem(List.of("a\u007Fb"))).contains("printable ASCII");
        assertThat(IdempotencyKeyHeader.problem(List.of("clé"))).contains("printable ASCII");
    }

    @Test
    void a_key_sent_twice_is_refused() {
        assertThat(IdempotencyKeyHeader.problem(List.of("a", "a"))).contains("once");
    }
}
