package io.dispatch.web.cursor;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The envelope of every opaque paging cursor we hand a merchant: base64url (no padding) of the
 * cursor's text followed by the first 16 bytes of its HMAC-SHA256, which covers the merchant id
 * too. A cursor altered by a client, cut short, or presented by another merchant does not verify
 * and is refused; what the text means is the caller's business (the list's and the feed's
 * cursors).
 */
public final class SignedCursors {

    private static final int MAC_BYTES = 16;
    private final SecretKeySpec key;

    public SignedCursors(byte[] key) {
        this.key = new SecretKeySpec(key, "HmacSHA256");
    }

    public String encode(UUID merchantId, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        byte[] whole = Arrays.copyOf(bytes, bytes.length + MAC_BYTES);
        System.arraycopy(mac(merchantId, bytes), 0, whole, bytes.length, MAC_BYTES);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(whole);
    }

    /** The cursor's text, or empty when it is not one issued to this merchant with this key, unchanged. */
    public Optional<String> decode(UUID merchantId, String encoded) {
        byte[] whole;
        try {
            whole = Base64.getUrlDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (whole.length <= MAC_BYTES) {
            return Optional.empty();
        }
        byte[] text = Arrays.copyOf(whole, whole.length - MAC_BYTES);
        byte[] presented = Arrays.copyOfRange(whole, text.length, whole.length);
        if (!MessageDigest.isEqual(presented, Arrays.copyOf(mac(merchantId, text), MAC_BYTES))) {
            return Optional.empty();
        }
        return Optional.of(new String(text, StandardCharsets.UTF_8));
    }

    private byte[] mac(UUID merchantId, byte[] text) {
        byte[] scoped = (merchantId + "|").getBytes(StandardCharsets.UTF_8);
        byte[] message = Arrays.copyOf(scoped, scoped.length + text.length);
        System.arraycopy(text, 0, message, scoped.length, text.length);
        return hmac(key.getEncoded(), message);
    }

    /** HMAC-SHA256 of a message (also how a cursor key is derived from another secret). */
    public static byte[] hmac(byte[] key, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
