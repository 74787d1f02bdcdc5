package io.dispatch.events.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class WebhookSignerTest {

    static List<SigningVector> vectors() {
        return SigningVector.all();
    }

    @Test
    void the_vector_file_covers_non_ascii_bodies_and_secrets() {
        assertThat(vectors()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(vectors()).anySatisfy(v -> assertThat(v.body()).matches("(?s).*[^\\x00-\\x7F].*"));
        assertThat(vectors()).anySatisfy(v -> assertThat(v.secret()).matches("(?s).*[^\\x00-\\x7F].*"));
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void the_signature_matches_the_independently_computed_vector(SigningVector vector) {
        assertThat(WebhookSigner.sign(vector.secret(), vector.timestamp(), vector.bodyBytes()))
                .isEqualTo(vector.expectedSignature());
    }

    @Test
    void the_signature_is_the_scheme_prefix_and_64_lowercase_hex_digits() {
        String signature = WebhookSigner.sign("whsec_X", 1700000000L, "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(signature).matches("sha256=[0-9a-f]{64}");
    }

    @Test
    void a_different_timestamp_gives_a_different_signature_for_the_same_body() {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);

        assertThat(WebhookSigner.sign("whsec_X", 1700000000L, body))
                .isNotEqualTo(WebhookSigner.sign("whsec_X", 1700000001L, body));
    }

    @Test
    void an_empty_secret_is_refused() {
        assertThatThrownBy(() -> WebhookSigner.sign("", 1700000000L, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void the_header_names_are_the_ones_in_the_spec() {
        assertThat(List.of(
                        WebhookSigner.SIGNATURE_HEADER,
                        WebhookSigner.TIMESTAMP_HEADER,
                        WebhookSigner.EVENT_HEADER,
                        WebhookSigner.EVENT_ID_HEADER))
                .containsExactly(
                        "X-Dispatch-Signature", "X-Dispatch-Timestamp", "X-Dispatch-Event", "X-Dispatch-Event-Id");
    }
}
