package io.dispatch.events.signing;

import static io.dispatch.events.signing.WebhookVerificationException.Reason.MALFORMED_SIGNATURE;
import static io.dispatch.events.signing.WebhookVerificationException.Reason.MALFORMED_TIMESTAMP;
import static io.dispatch.events.signing.WebhookVerificationException.Reason.MISSING_HEADER;
import static io.dispatch.events.signing.WebhookVerificationException.Reason.SIGNATURE_MISMATCH;
import static io.dispatch.events.signing.WebhookVerificationException.Reason.TIMESTAMP_OUT_OF_TOLERANCE;

import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The receiver's side of webhook signing, for our own tests and for merchants' reference. It
 * never parses the body: a receiver must not act on bytes it has not authenticated.
 */
public final class WebhookVerifier {

    public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

    // Digits only: no sign, no spaces, at most 18 digits so the value fits a long with room for arithmetic.
    private static final Pattern TIMESTAMP = Pattern.compile("[0-9]{1,18}");
    private static final Pattern SIGNATURE = Pattern.compile("sha256=[0-9a-fA-F]{64}");

    private final Clock clock;
    private final long toleranceSeconds;

    public WebhookVerifier(Clock clock) {
        this(clock, DEFAULT_TOLERANCE);
    }

    public WebhookVerifier(Clock clock, Duration tolerance) {
        this.clock = Objects.requireNonNull(clock, "clock");
        if (tolerance.isNegative()) {
            throw new IllegalArgumentException("tolerance is negative: " + tolerance);
        }
        this.toleranceSeconds = tolerance.toSeconds();
    }

    /**
     * Accepts the request if its timestamp is within the tolerance of this clock (either
     * direction, the bound itself included) and the signature matches any of {@code secrets}; more
     * than one secret is how a receiver keeps accepting during rotation.
     *
     * @throws WebhookVerificationException naming the first check that failed
     */
    public void verify(List<String> secrets, String timestampHeader, String signatureHeader, byte[] body) {
        if (secrets == null || secrets.isEmpty()) {
            throw new IllegalArgumentException("no signing secrets to verify against");
        }
        Objects.requireNonNull(body, "body");
        if (isBlank(timestampHeader)) {
            throw new WebhookVerificationException(MISSING_HEADER, WebhookSigner.TIMESTAMP_HEADER + " is missing");
        }
        if (isBlank(signatureHeader)) {
            throw new WebhookVerificationException(MISSING_HEADER, WebhookSigner.SIGNATURE_HEADER + " is missing");
        }
        checkTimestamp(timestampHeader);
        if (!SIGNATURE.matcher(signatureHeader).matches()) {
            throw new WebhookVerificationException(MALFORMED_SIGNATURE, "signature is not sha256=<64 hex digits>");
        }
        byte[] received = HexFormat.of()
                .parseHex(signatureHeader, WebhookSigner.SCHEME_PREFIX.length(), signatureHeader.length());
        boolean matched = false;
        for (String secret : secrets) {
            // No early exit: the time taken should not reveal which of the secrets matched.
            matched |= MessageDigest.isEqual(received, WebhookSigner.hmac(secret, timestampHeader, body));
        }
        if (!matched) {
            throw new WebhookVerificationException(SIGNATURE_MISMATCH, "signature does not match");
        }
    }

    private void checkTimestamp(String timestampHeader) {
        if (!TIMESTAMP.matcher(timestampHeader).matches()) {
            throw new WebhookVerificationException(MALFORMED_TIMESTAMP, "timestamp is not Unix seconds");
        }
        long sentAt = Long.parseLong(timestampHeader);
        // Whole seconds on both sides: the sender truncated its clock the same way.
        long now = clock.instant().getEpochSecond();
        if (Math.abs(now - sentAt) > toleranceSeconds) {
            throw new WebhookVerificationException(
                    TIMESTAMP_OUT_OF_TOLERANCE,
                    "timestamp is " + (now - sentAt) + " s from now, tolerance " + toleranceSeconds + " s");
        }
    }

    private static boolean isBlank(String header) {
        return header == null || header.isBlank();
    }
}
