package io.dispatch.web.secret;

import io.dispatch.web.startup.InvalidSetting;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts credentials that must be read back (webhook signing secrets, store webhook secrets) at
 * rest with AES-256-GCM. Stored form: one format byte (1), a 12-byte random nonce, then
 * ciphertext and the 16-byte tag. {@code <purpose>:<owner id>} is authenticated data, so a
 * ciphertext copied onto another merchant's row, or into another kind of secret, does not decrypt.
 * Each kind of secret has its own key setting, so one service's key opens only its own secrets.
 */
public final class SecretCipher {

    private static final byte FORMAT = 1;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKey key;
    private final String property;
    private final String purpose;

    private SecretCipher(byte[] key, String property, String purpose) {
        this.key = new SecretKeySpec(key, "AES");
        this.property = property;
        this.purpose = purpose;
    }

    /**
     * @param property the setting the key comes from, named in every report
     * @param purpose what the secrets are, part of the authenticated data (e.g. {@code webhook-secret})
     * @param base64Key base64 (standard or URL-safe) of exactly 32 bytes
     * @throws InvalidSetting naming the property, never echoing the value
     */
    public static SecretCipher fromBase64(String property, String purpose, String base64Key) {
        if (base64Key == null || base64Key.isBlank()) {
            throw new InvalidSetting(
                    property,
                    "is required: base64 of 32 random bytes (e.g. `openssl rand "
                            + "-base64 32`), the same on every instance");
        }
        byte[] key;
        try {
            String text = base64Key.strip();
            key = text.contains("-") || text.contains("_")
                    ? Base64.getUrlDecoder().decode(text)
                    : Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidSetting(property, "is not valid base64");
        }
        if (key.length != 32) {
            throw new InvalidSetting(property, "must decode to 32 bytes (AES-256), not " + key.length);
        }
        return new SecretCipher(key, property, purpose);
    }

    /** A fresh random key in the form {@link #fromBase64} reads; for the local run. */
    public static String newBase64Key() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    public byte[] encrypt(UUID ownerId, String secret) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, ownerId);
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.allocate(1 + NONCE_BYTES + sealed.length)
                    .put(FORMAT)
                    .put(nonce)
                    .put(sealed)
                    .array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable", e);
        }
    }

    /** @throws IllegalStateException when the bytes were not sealed for this owner and purpose with this key */
    public String decrypt(UUID ownerId, byte[] stored) {
        if (stored == null || stored.length < 1 + NONCE_BYTES + TAG_BITS / 8 || stored[0] != FORMAT) {
            throw new IllegalStateException("stored " + purpose + " of " + ownerId + " has an unknown format");
        }
        byte[] nonce = java.util.Arrays.copyOfRange(stored, 1, 1 + NONCE_BYTES);
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, nonce, ownerId);
            byte[] plain = cipher.doFinal(stored, 1 + NONCE_BYTES, stored.length - 1 - NONCE_BYTES);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(purpose + " of " + ownerId + " does not decrypt: wrong " + property + "?");
        }
    }

    private Cipher cipher(int mode, byte[] nonce, UUID ownerId) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD((purpose + ":" + ownerId).getBytes(StandardCharsets.UTF_8));
        return cipher;
    }

    @Override
    public String toString() {
        return "SecretCipher[AES-256-GCM, " + purpose + "]";
    }
}
