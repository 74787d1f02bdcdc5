package io.dispatch.webhook.feed;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The opaque cursor of GET /events: base64url (no padding) of {@code e1|<feed_xid>|<feed_position>}
 * followed by the first 16 bytes of its HMAC-SHA256, which also covers the merchant id: a cursor
 * altered by a client, or presented by another merchant, is refused. Anything that does not
 * verify and parse exactly is refused; nothing is guessed.
 *
 * <p>The key is {@code dispatch.webhook.feed.cursor-secret} when set; otherwise it is derived from
 * {@code dispatch.webhook.secret-encryption-key}, which every dispatcher instance already shares and
 * without which none starts. Either way there is no built-in key a client could forge cursors with.
 */
@Component
public class FeedCursors {

  private static final String VERSION = "e1";
  private static final int MAC_BYTES = 16;
  private static final Pattern NUMBER = Pattern.compile("0|[1-9][0-9]{0,17}");

  private final SecretKeySpec key;

  public FeedCursors(
      @Value("${dispatch.webhook.feed.cursor-secret:}") String secret,
      @Value("${dispatch.webhook.secret-encryption-key:}") String encryptionKey) {
    this.key = new SecretKeySpec(keyBytes(secret, encryptionKey), "HmacSHA256");
  }

  private static byte[] keyBytes(String secret, String encryptionKey) {
    if (!secret.isBlank()) {
      return secret.getBytes(StandardCharsets.UTF_8);
    }
    if (encryptionKey.isBlank()) {
      throw new IllegalStateException("Set dispatch.webhook.feed.cursor-secret or dispatch.webhook.secret-encryption-key:"
          + " feed cursors need a key shared by every dispatcher instance");
    }
    // a key of its own, derived one way: a cursor's MAC says nothing about the encryption key
    return hmac(new SecretKeySpec(encryptionKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"),
        "dispatch.webhook feed cursor v1".getBytes(StandardCharsets.UTF_8));
  }

  public String encode(UUID merchantId, FeedPosition position) {
    byte[] text = (VERSION + "|" + position.xid() + "|" + position.position()).getBytes(StandardCharsets.UTF_8);
    byte[] whole = Arrays.copyOf(text, text.length + MAC_BYTES);
    System.arraycopy(mac(merchantId, text), 0, whole, text.length, MAC_BYTES);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(whole);
  }

  /** The position, or empty when the text is not a cursor this service issued to this merchant, unchanged. */
  public Optional<FeedPosition> decode(UUID merchantId, String encoded) {
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
    String[] parts = new String(text, StandardCharsets.UTF_8).split("\\|", -1);
    if (parts.length != 3 || !parts[0].equals(VERSION) || !NUMBER.matcher(parts[1]).matches()
        || !NUMBER.matcher(parts[2]).matches()) {
      return Optional.empty();
    }
    return Optional.of(new FeedPosition(Long.parseLong(parts[1]), Long.parseLong(parts[2])));
  }

  private byte[] mac(UUID merchantId, byte[] text) {
    byte[] scoped = (merchantId + "|").getBytes(StandardCharsets.UTF_8);
    byte[] message = Arrays.copyOf(scoped, scoped.length + text.length);
    System.arraycopy(text, 0, message, scoped.length, text.length);
    return hmac(key, message);
  }

  private static byte[] hmac(SecretKeySpec key, byte[] message) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac.doFinal(message);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
