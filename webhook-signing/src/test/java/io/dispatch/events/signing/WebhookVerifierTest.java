package io.dispatch.events.signing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.events.signing.WebhookVerificationException.Reason;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookVerifierTest {

    private static final long NOW = 1_763_719_530L;
    private static final String SECRET = "whsec_current";
    private static final String OLD_SECRET = "whsec_previous";
    private static final byte[] BODY =
            "{\"event\":\"dispatch.created\",\"data\":{\"dispatch_id\":\"5b0a4c1e\"}}".getBytes(StandardCharsets.UTF_8);

    private final WebhookVerifier verifier = verifierAt(Instant.ofEpochSecond(NOW));

    private static WebhookVerifier verifierAt(Instant now) {
        return new WebhookVerifier(Clock.fixed(now, ZoneOffset.UTC));
    }

    private static String signed(String secret, long timestamp, byte[] body) {
        return WebhookSigner.sign(secret, timestamp, body);
    }

    private static void assertRejected(ThrowingCallable call, Reason reason) {
        assertThatThrownBy(call)
                .isInstanceOf(WebhookVerificationException.class)
                .extracting(e -> ((WebhookVerificationException) e).reason())
                .isEqualTo(reason);
    }

    static List<SigningVector> vectors() {
        return SigningVector.all();
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void every_independently_computed_vector_verifies(SigningVector v) {
        WebhookVerifier atSendTime = verifierAt(Instant.ofEpochSecond(v.timestamp()));

        assertThatCode(() -> atSendTime.verify(
                        List.of(v.secret()), Long.toString(v.timestamp()), v.expectedSignature(), v.bodyBytes()))
                .doesNotThrowAnyException();
    }

    @Test
    void a_fresh_correctly_signed_request_is_accepted() {
        assertThatCode(() -> verifier.verify(List.of(SECRET), Long.toString(NOW), signed(SECRET, NOW, BODY), BODY))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(longs = {-300, 300})
    void a_timestamp_exactly_at_the_tolerance_is_accepted(long skew) {
        long sentAt = NOW + skew;

        assertThatCode(() ->
                        verifier.verify(List.of(SECRET), Long.toString(sentAt), signed(SECRET, sentAt, BODY), BODY))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301, -86_400})
    void a_timestamp_past_the_tolerance_in_either_direction_is_rejected(long skew) {
        long sentAt = NOW + skew;

        assertRejected(
                () -> verifier.verify(List.of(SECRET), Long.toString(sentAt), signed(SECRET, sentAt, BODY), BODY),
                Reason.TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void the_tolerance_is_configurable() {
        WebhookVerifier strict =
                new WebhookVerifier(Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC), Duration.ofSeconds(10));
        long sentAt = NOW - 11;

        assertRejected(
                () -> strict.verify(List.of(SECRET), Long.toString(sentAt), signed(SECRET, sentAt, BODY), BODY),
                Reason.TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void the_timestamp_is_checked_before_the_signature() {
        long sentAt = NOW - 3600;

        assertRejected(
                () -> verifier.verify(
                        List.of(SECRET), Long.toString(sentAt), signed("whsec_wrong", sentAt, BODY), BODY),
                Reason.TIMESTAMP_OUT_OF_TOLERANCE);
    }

    @Test
    void a_tampered_body_fails_verification() {
        String signature = signed(SECRET, NOW, BODY);
        byte[] tampered = new String(BODY, StandardCharsets.UTF_8)
                .replace("5b0a4c1e", "5b0a4c1f")
                .getBytes(StandardCharsets.UTF_8);

        assertRejected(
                () -> verifier.verify(List.of(SECRET), Long.toString(NOW), signature, tampered),
                Reason.SIGNATURE_MISMATCH);
    }

    @Test
    void a_replayed_signature_with_a_new_timestamp_fails_verification() {
        String signature = signed(SECRET, NOW - 10, BODY);

        assertRejected(
                () -> verifier.verify(List.of(SECRET), Long.toString(NOW), signature, BODY), Reason.SIGNATURE_MISMATCH);
    }

    @Test
    void a_signature_made_with_another_secret_fails_verification() {
        assertRejected(
                () -> verifier.verify(
                        List.of(SECRET), Long.toString(NOW), signed("whsec_someone_else", NOW, BODY), BODY),
                Reason.SIGNATURE_MISMATCH);
    }

    @Test
    void during_rotation_a_signature_with_either_the_old_or_the_new_secret_is_accepted() {
        List<String> both = List.of(OLD_SECRET, SECRET);

        assertThatCode(() -> verifier.verify(both, Long.toString(NOW), signed(OLD_SECRET, NOW, BODY), BODY))
                .doesNotThrowAnyException();
        assertThatCode(() -> verifier.verify(both, Long.toString(NOW), signed(SECRET, NOW, BODY), BODY))
                .doesNotThrowAnyException();
    }

    @Test
    void after_rotation_the_old_secret_is_no_longer_accepted() {
        assertRejected(
                () -> verifier.verify(List.of(SECRET), Long.toString(NOW), signed(OLD_SECRET, NOW, BODY), BODY),
                Reason.SIGNATURE_MISMATCH);
    }

    @Test
    void an_uppercase_hex_signature_is_compared_by_its_bytes() {
        String upper = "sha256="
                + signed(SECRET, NOW, BODY).substring("sha256=".length()).toUpperCase();

        assertThatCode(() -> verifier.verify(List.of(SECRET), Long.toString(NOW), upper, BODY))
                .doesNotThrowAnyException();
    }

    @Test
    void a_missing_timestamp_or_signature_header_is_rejected() {
        String signature = signed(SECRET, NOW, BODY);

        assertRejected(() -> verifier.verify(List.of(SECRET), null, signature, BODY), Reason.MISSING_HEADER);
        assertRejected(() -> verifier.verify(List.of(SECRET), " ", signature, BODY), Reason.MISSING_HEADER);
        assertRejected(() -> verifier.verify(List.of(SECRET), Long.toString(NOW), null, BODY), Reason.MISSING_HEADER);
        assertRejected(() -> verifier.verify(List.of(SECRET), Long.toString(NOW), "", BODY), Reason.MISSING_HEADER);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "abc",
                "1763719530.5",
                "-1763719530",
                "+1763719530",
                " 1763719530",
                "2025-11-21T10:05:30Z",
                "1234567890123456789"
            })
    void a_timestamp_that_is_not_unix_seconds_is_rejected(String timestamp) {
        assertRejected(
                () -> verifier.verify(List.of(SECRET), timestamp, signed(SECRET, NOW, BODY), BODY),
                Reason.MALFORMED_TIMESTAMP);
    }

    @Test
    void a_signature_not_in_the_sha256_hex_form_is_rejected() {
        String hex = signed(SECRET, NOW, BODY).substring("sha256=".length());
        String timestamp = Long.toString(NOW);

        for (String malformed : List.of(
                hex,
                "sha1=" + hex,
                "sha256=" + hex.substring(2),
                "sha256=" + hex + "00",
                "sha256=" + hex.replace(hex.charAt(0), 'g'),
                "v1," + hex)) {
            assertRejected(
                    () -> verifier.verify(List.of(SECRET), timestamp, malformed, BODY), Reason.MALFORMED_SIGNATURE);
        }
    }

    @Test
    void a_body_that_is_not_json_verifies_because_the_verifier_never_parses_it() {
        byte[] notJson = {(byte) 0xff, 0x00, '{', (byte) 0xc3};

        assertThatCode(() ->
                        verifier.verify(List.of(SECRET), Long.toString(NOW), signed(SECRET, NOW, notJson), notJson))
                .doesNotThrowAnyException();
    }
}
