package io.dispatch.events.signing;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs outbound webhooks: {@code X-Dispatch-Signature: sha256=<lowercase hex>} where the hex is
 * HMAC-SHA256 over {@code <timestamp>.<raw body bytes>}, keyed with the UTF-8 bytes of the signing
 * secret exactly as issued (no decoding of a {@code whsec_} prefix or similar).
 */
public final class WebhookSigner {

    public static final String SIGNATURE_HEADER = "X-Dispatch-Signature";
    public static final String TIMESTAMP_HEADER = "X-Dispatch-Timestamp";
    public static final String EVENT_HEADER = "X-Dispatch-Event";
    public static final String EVENT_ID_HEADER = "X-Dispatch-Event-Id";
    /**
     * The delivery's event sequence (0 for webhook.test): a receiver drops a delivery's event whose
     * sequence is lower than one it already applied. Not signed; the body carries the same facts.
     */
    public static final String SEQUENCE_HEADER = "X-Dispatch-Sequence";

    static final String SCHEME_PREFIX = "sha256=";
    private static final String ALGORITHM = "HmacSHA256";

    private WebhookSigner() {}

    /**
     * @param timestampSeconds Unix seconds, sent as {@link #TIMESTAMP_HEADER}; each attempt signs
     *     afresh with its own timestamp while the body bytes stay identical
     * @return the {@link #SIGNATURE_HEADER} value, {@code sha256=<64 lowercase hex digits>}
     */
    public static String sign(String signingSecret, long timestampSeconds, byte[] body) {
        return SCHEME_PREFIX + HexFormat.of().formatHex(hmac(signingSecret, Long.toString(timestampSeconds), body));
    }

    /** The verifier signs the timestamp header's text as received, so it is a string here. */
    static byte[] hmac(String signingSecret, String timestampText, byte[] body) {
        if (signingSecret == null || signingSecret.isEmpty()) {
            throw new IllegalArgumentException("signing secret is empty");
        }
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(signingSecret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            mac.update(timestampText.getBytes(StandardCharsets.US_ASCII));
            mac.update((byte) '.');
            return mac.doFinal(body);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // Every Java platform must provide HmacSHA256; reaching this is a broken runtime.
            throw new IllegalStateException(ALGORITHM + " unavailable", e);
        }
    }
}
