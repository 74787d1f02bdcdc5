package io.dispatch.webhook.endpoint;

import io.dispatch.web.identity.ApiKeys;
import io.dispatch.web.secret.SecretCipher;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * The one endpoint of each merchant and its signing secret, kept encrypted. A secret leaves
 * this class in plaintext only to the caller that made it (shown once) and to the sender that
 * signs with it; it is never logged.
 */
@Repository
public class WebhookEndpoints implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(WebhookEndpoints.class);

    private final JdbcTemplate jdbc;
    private final SecretCipher cipher;
    private final Clock clock;

    public WebhookEndpoints(JdbcTemplate jdbc, SecretCipher cipher, Clock clock) {
        this.jdbc = jdbc;
        this.cipher = cipher;
        this.clock = clock;
    }

    public record Endpoint(UUID merchantId, String url, String signingSecret) {
        @Override
        public String toString() {
            return "Endpoint[merchantId=" + merchantId + ", url=" + url + "]";
        }
    }

    /** A new or changed URL gets a new secret (returned); the same URL again keeps it (null returned). */
    @Transactional
    public String register(UUID merchantId, String url) {
        List<String> current = jdbc.queryForList(
                "select url from webhook.endpoints where merchant_id = ? for update", String.class, merchantId);
        if (!current.isEmpty() && current.getFirst().equals(url)) {
            return null;
        }
        String secret = newSecret();
        Timestamp now = Timestamp.from(clock.instant());
        jdbc.update("""
        insert into webhook.endpoints (merchant_id, url, signing_secret, secret_ciphertext, created_at, updated_at)
        values (?, ?, null, ?, ?, ?)
        on conflict (merchant_id) do update set url = excluded.url, signing_secret = null,
          secret_ciphertext = excluded.secret_ciphertext, updated_at = excluded.updated_at""", merchantId, url, cipher.encrypt(merchantId, secret), now, now);
        return secret;
    }

    /** The new secret, or empty when the merchant has no endpoint. */
    public Optional<String> rotateSecret(UUID merchantId) {
        String secret = newSecret();
        int changed = jdbc.update(
                "update webhook.endpoints set signing_secret = null, secret_ciphertext = ?, updated_at = ? where merchant_id = ?",
                cipher.encrypt(merchantId, secret),
                Timestamp.from(clock.instant()),
                merchantId);
        return changed == 1 ? Optional.of(secret) : Optional.empty();
    }

    /** True when there was an endpoint to remove. */
    public boolean delete(UUID merchantId) {
        return jdbc.update("delete from webhook.endpoints where merchant_id = ?", merchantId) == 1;
    }

    public Optional<Endpoint> find(UUID merchantId) {
        return jdbc
                .query(
                        "select url, secret_ciphertext from webhook.endpoints where merchant_id = ?",
                        (rs, i) ->
                                new Endpoint(merchantId, rs.getString(1), cipher.decrypt(merchantId, rs.getBytes(2))),
                        merchantId)
                .stream()
                .findFirst();
    }

    /** The endpoints of these merchants, read in one query (a claim round's); a merchant without one is absent. */
    public Map<UUID, Endpoint> findAll(Collection<UUID> merchantIds) {
        Map<UUID, Endpoint> found = new HashMap<>();
        jdbc.query(
                "select merchant_id, url, secret_ciphertext from webhook.endpoints where merchant_id = any(?::uuid[])",
                (RowCallbackHandler) rs -> {
                    UUID merchantId = rs.getObject(1, UUID.class);
                    found.put(
                            merchantId,
                            new Endpoint(merchantId, rs.getString(2), cipher.decrypt(merchantId, rs.getBytes(3))));
                },
                merchantIds.stream().distinct().map(UUID::toString).collect(Collectors.joining(",", "{", "}")));
        return found;
    }

    /** Whether a merchant has an endpoint, and why it is disabled (null while it is ACTIVE). */
    public record Registration(String disabledReason) {
        public boolean disabled() {
            return disabledReason != null;
        }
    }

    public Optional<Registration> registration(UUID merchantId) {
        return jdbc.query("""
            select case when status = 'DISABLED' then coalesce(disabled_reason, 'disabled') end
              from webhook.endpoints where merchant_id = ?""", (rs, i) -> new Registration(rs.getString(1)), merchantId).stream()
                .findFirst();
    }

    /** The registrations of these merchants, read in one query (an intake poll's); a merchant without one is absent. */
    public Map<UUID, Registration> registrations(Collection<UUID> merchantIds) {
        Map<UUID, Registration> found = new HashMap<>();
        jdbc.query(
                """
            select merchant_id, case when status = 'DISABLED' then coalesce(disabled_reason, 'disabled') end
              from webhook.endpoints where merchant_id = any(?::uuid[])""",
                (RowCallbackHandler) rs -> found.put(rs.getObject(1, UUID.class), new Registration(rs.getString(2))),
                merchantIds.stream().distinct().map(UUID::toString).collect(Collectors.joining(",", "{", "}")));
        return found;
    }

    public boolean exists(UUID merchantId) {
        return !jdbc.queryForList("select 1 from webhook.endpoints where merchant_id = ?", Integer.class, merchantId)
                .isEmpty();
    }

    /** Secrets stored in plaintext by the first schema version are encrypted once, at start-up. */
    @Override
    public void afterSingletonsInstantiated() {
        record Plain(UUID merchantId, String secret) {}
        List<Plain> plain = jdbc.query(
                "select merchant_id, signing_secret from webhook.endpoints where signing_secret is not null",
                (rs, i) -> new Plain(rs.getObject(1, UUID.class), rs.getString(2)));
        for (Plain row : plain) {
            jdbc.update(
                    "update webhook.endpoints set secret_ciphertext = ?, signing_secret = null where merchant_id = ?",
                    cipher.encrypt(row.merchantId(), row.secret()),
                    row.merchantId());
        }
        if (!plain.isEmpty()) {
            log.info("Encrypted {} signing secret(s) stored in plaintext by an earlier version", plain.size());
        }
    }

    private static String newSecret() {
        return "whsec_" + ApiKeys.newSecret();
    }
}
