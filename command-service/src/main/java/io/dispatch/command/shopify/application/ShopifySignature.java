package io.dispatch.command.shopify.application;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Shopify's webhook signature: {@code X-Shopify-Hmac-Sha256} is the base64 HMAC-SHA256 of the raw
 * body bytes, keyed with the webhook secret's UTF-8 bytes. Checked on the bytes as received,
 * before anything parses them, and compared in constant time.
 */
public final class ShopifySignature {

    private ShopifySignature() {}

    public static boolean verifies(String secret, byte[] body, String header) {
        if (header == null || header.isBlank()) {
            return false;
        }
        byte[] given;
        try {
            given = Base64.getDecoder().decode(header.strip());
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(sign(secret, body), given);
    }

    /** The raw HMAC; base64 of it is the header's value. */
    public static byte[] sign(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
