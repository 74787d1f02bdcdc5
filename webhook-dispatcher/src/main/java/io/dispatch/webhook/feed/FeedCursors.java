package io.dispatch.webhook.feed;

import io.dispatch.web.cursor.SignedCursors;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The opaque cursor of GET /events: {@code e1|<feed_xid>|<feed_position>} in a
 * {@link SignedCursors} envelope (base64url, then the first 16 bytes of its HMAC-SHA256, which
 * also covers the merchant id): a cursor altered by a client, or presented by another merchant,
 * is refused. Anything that does not
 * verify and parse exactly is refused; nothing is guessed.
 *
 * <p>The key is {@code dispatch.webhook.feed.cursor-secret} when set; otherwise it is derived from
 * {@code dispatch.webhook.secret-encryption-key}, which every dispatcher instance already shares and
 * without which none starts. Either way there is no built-in key a client could forge cursors with.
 * Made from those settings by WebhookDispatcherConfiguration.
 */
public class FeedCursors {

    private static final String VERSION = "e1";
    private static final Pattern NUMBER = Pattern.compile("0|[1-9][0-9]{0,17}");

    private final SignedCursors signed;

    public FeedCursors(String secret, String encryptionKey) {
        this.signed = new SignedCursors(keyBytes(secret, encryptionKey));
    }

    private static byte[] keyBytes(String secret, String encryptionKey) {
        if (!secret.isBlank()) {
            return secret.getBytes(StandardCharsets.UTF_8);
        }
        if (encryptionKey.isBlank()) {
            throw new IllegalStateException(
                    "Set dispatch.webhook.feed.cursor-secret or dispatch.webhook.secret-encryption-key:"
                            + " feed cursors need a key shared by every dispatcher instance");
        }
        // a key of its own, derived one way: a cursor's MAC says nothing about the encryption key
        return SignedCursors.hmac(
                encryptionKey.getBytes(StandardCharsets.UTF_8),
                "dispatch.webhook feed cursor v1".getBytes(StandardCharsets.UTF_8));
    }

    public String encode(UUID merchantId, FeedPosition position) {
        return signed.encode(merchantId, VERSION + "|" + position.xid() + "|" + position.position());
    }

    /** The position, or empty when the text is not a cursor this service issued to this merchant, unchanged. */
    public Optional<FeedPosition> decode(UUID merchantId, String encoded) {
        return signed.decode(merchantId, encoded).flatMap(text -> {
            String[] parts = text.split("\\|", -1);
            if (parts.length != 3
                    || !parts[0].equals(VERSION)
                    || !NUMBER.matcher(parts[1]).matches()
                    || !NUMBER.matcher(parts[2]).matches()) {
                return Optional.empty();
            }
            return Optional.of(new FeedPosition(Long.parseLong(parts[1]), Long.parseLong(parts[2])));
        });
    }
}
