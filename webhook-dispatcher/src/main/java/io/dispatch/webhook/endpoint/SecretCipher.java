package io.dispatch.webhook.endpoint;

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
 * Encrypts signing secrets at rest with AES-256-GCM. Stored form: one format byte (1), a 12-byte
 * random nonce, then ciphertext and the 16-byte tag. The merchant id is authenticated data, so
 * a ciphertext copied onto another merchant's row does not decrypt.
 */
public final class SecretCipher {

  static final String PROPERTY = "dispatch.webhook.secret-encryption-key";
  private static final byte FORMAT = 1;
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final SecretKey key;

  private SecretCipher(byte[] key) {
    this.key = new SecretKeySpec(key, "AES");
  }

  /**
   * @param base64Key base64 (standard or URL-safe) of exactly 32 bytes
   * @throws InvalidSetting naming the property, never echoing the value
   */
  public static SecretCipher fromBase64(String base64Key) {
    if (base64Key == null || base64Key.isBlank()) {
      throw new InvalidSetting(PROPERTY, "is required: base64 of 32 random bytes (e.g. `openssl rand "
          + "-base64 32`), the same on every webhook-dispatcher instance");
    }
    byte[] key;
    try {
      String text = base64Key.strip();
      key = text.contains("-") || text.contains("_")
          ? Base64.getUrlDecoder().decode(text)
          : Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidSetting(PROPERTY, "is not valid base64");
    }
    if (key.length != 32) {
      throw new InvalidSetting(PROPERTY, "must decode to 32 bytes (AES-256), not " + key.length);
    }
    return new SecretCipher(key);
  }

  /** A fresh random key in the form {@link #fromBase64} reads; for the local run. */
  public static String newBase64Key() {
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }

  public byte[] encrypt(UUID merchantId, String secret) {
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    try {
      Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, merchantId);
      byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
      return ByteBuffer.allocate(1 + NONCE_BYTES + sealed.length).put(FORMAT).put(nonce).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM unavailable", e);
    }
  }

  /** @throws IllegalStateException when the bytes were not sealed for this merchant with this key */
  public String decrypt(UUID merchantId, byte[] stored) {
    if (stored == null || stored.length < 1 + NONCE_BYTES + TAG_BITS / 8 || stored[0] != FORMAT) {
      throw new IllegalStateException("stored signing secret of merchant " + merchantId + " has an unknown format");
    }
    byte[] nonce = java.util.Arrays.copyOfRange(stored, 1, 1 + NONCE_BYTES);
    try {
      Cipher cipher = cipher(Cipher.DECRYPT_MODE, nonce, merchantId);
      byte[] plain = cipher.doFinal(stored, 1 + NONCE_BYTES, stored.length - 1 - NONCE_BYTES);
      return new String(plain, StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("signing secret of merchant " + merchantId
          + " does not decrypt: wrong " + PROPERTY + "?");
    }
  }

  private Cipher cipher(int mode, byte[] nonce, UUID merchantId) throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
    cipher.updateAAD(("webhook-secret:" + merchantId).getBytes(StandardCharsets.UTF_8));
    return cipher;
  }

  @Override
  public String toString() {
    return "SecretCipher[AES-256-GCM]";
  }
}
