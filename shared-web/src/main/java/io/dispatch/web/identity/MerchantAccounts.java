package io.dispatch.web.identity;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Merchants and their API keys in the shared identity schema. Blocking JDBC: call it off the
 * event loop.
 */
@Component
public class MerchantAccounts {

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final int maxKeys;
    private final Clock clock;

    private final java.util.Map<UUID, Boolean> sandboxSides = new java.util.concurrent.ConcurrentHashMap<>();

    public MerchantAccounts(JdbcTemplate jdbc, ApiKeyProperties keys, Clock clock) {
        this.jdbc = jdbc;
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(jdbc.getDataSource()));
        this.maxKeys = keys.maxPerMerchant();
        this.clock = clock;
    }

    /** A merchant; a sandbox merchant's deliveries are driven by simulated riders when the simulator is on. */
    public record Merchant(UUID id, String name, String status, boolean sandbox, Instant connectedAt) {}

    public record IssuedKey(String keyId, String apiKey, Set<Scope> scopes, Instant createdAt) {}

    /** A key as its merchant sees it in a list: never its secret. */
    public record KeySummary(String keyId, Set<Scope> scopes, Instant createdAt, Instant revokedAt) {}

    public record StoredKey(String keyId, UUID merchantId, byte[] secretHash, Set<Scope> scopes, boolean usable) {}

    public Merchant createMerchant(String name) {
        return createMerchant(name, false);
    }

    public Merchant createMerchant(String name, boolean sandbox) {
        UUID id = UUID.randomUUID();
        jdbc.update(
                "insert into identity.merchants (id, name, status, sandbox, created_at) values (?, ?, 'ACTIVE', ?, ?)",
                id,
                name,
                sandbox,
                Timestamp.from(clock.instant()));
        return new Merchant(id, name, "ACTIVE", sandbox, null);
    }

    /**
     * Whether the merchant is a sandbox merchant; false for an unknown one. A merchant never changes
     * side of the sandbox line, so each merchant's side is read once per process and kept. Blocking.
     */
    public boolean sandbox(UUID merchantId) {
        Boolean known = sandboxSides.get(merchantId);
        if (known != null) {
            return known;
        }
        Optional<Merchant> merchant = findMerchant(merchantId);
        merchant.ifPresent(found -> sandboxSides.put(merchantId, found.sandbox()));
        return merchant.map(Merchant::sandbox).orElse(false);
    }

    public Optional<Merchant> findMerchant(UUID id) {
        return jdbc
                .query(
                        "select id, name, status, sandbox, connected_at from identity.merchants where id = ?",
                        (rs, i) -> new Merchant(
                                rs.getObject("id", UUID.class),
                                rs.getString("name"),
                                rs.getString("status"),
                                rs.getBoolean("sandbox"),
                                Optional.ofNullable(rs.getTimestamp("connected_at"))
                                        .map(Timestamp::toInstant)
                                        .orElse(null)),
                        id)
                .stream()
                .findFirst();
    }

    /**
     * A new key, or 422 on {@code scopes} when the merchant already holds {@code
     * dispatch.api-keys.max-per-merchant} active keys (404 for an unknown merchant). Every way a key
     * is made comes here. The merchant's row is locked for the count and the insert, so keys issued
     * at the same moment on any instance are counted one after the other, never past the limit.
     */
    public IssuedKey issueKey(UUID merchantId, Collection<Scope> scopes) {
        String keyId = ApiKeys.newKeyId();
        String secret = ApiKeys.newSecret();
        Instant now = clock.instant();
        transactions.executeWithoutResult(status -> {
            if (jdbc.queryForList("select id from identity.merchants where id = ? for update", merchantId)
                    .isEmpty()) {
                throw ApiException.notFound("Merchant");
            }
            Integer active = jdbc.queryForObject(
                    "select count(*) from identity.api_keys where merchant_id = ? and revoked_at is null",
                    Integer.class,
                    merchantId);
            if (active != null && active >= maxKeys) {
                throw keyLimitReached();
            }
            jdbc.update(
                    "insert into identity.api_keys (key_id, merchant_id, secret_hash, scopes, created_at) values (?, ?, ?, ?, ?)",
                    keyId,
                    merchantId,
                    ApiKeys.hash(secret),
                    join(scopes),
                    Timestamp.from(now));
        });
        return new IssuedKey(keyId, keyId + "." + secret, Set.copyOf(scopes), now);
    }

    private ApiException keyLimitReached() {
        return new ApiException(
                ErrorCode.VALIDATION_ERROR,
                "This merchant already has " + maxKeys + " active API keys, the most allowed: revoke one first",
                Map.of(
                        "limit",
                        maxKeys,
                        "fieldErrors",
                        Map.of(
                                "scopes",
                                List.of("no more keys: at most " + maxKeys
                                        + " active API keys per merchant; revoke one first"))));
    }

    /** The merchant's keys, newest first, revoked ones included (with when). */
    public List<KeySummary> listKeys(UUID merchantId) {
        return jdbc.query(
                "select key_id, scopes, created_at, revoked_at from identity.api_keys where merchant_id = ? order by created_at desc, key_id",
                (rs, i) -> new KeySummary(
                        rs.getString("key_id"),
                        split(rs.getString("scopes")),
                        rs.getTimestamp("created_at").toInstant(),
                        rs.getTimestamp("revoked_at") == null
                                ? null
                                : rs.getTimestamp("revoked_at").toInstant()),
                merchantId);
    }

    /** The key with whether it may be used now: not revoked, merchant active. */
    public Optional<StoredKey> findKey(String keyId) {
        return jdbc
                .query(
                        """
            select k.key_id, k.merchant_id, k.secret_hash, k.scopes,
                   (k.revoked_at is null and m.status = 'ACTIVE') as usable
              from identity.api_keys k join identity.merchants m on m.id = k.merchant_id
             where k.key_id = ?""",
                        (rs, i) -> new StoredKey(
                                rs.getString("key_id"),
                                rs.getObject("merchant_id", UUID.class),
                                rs.getBytes("secret_hash"),
                                split(rs.getString("scopes")),
                                rs.getBoolean("usable")),
                        keyId)
                .stream()
                .findFirst();
    }

    /** Revokes a merchant's key; false when the merchant has no such key. Revoking twice is harmless. */
    public boolean revokeKey(UUID merchantId, String keyId) {
        return jdbc.update(
                        "update identity.api_keys set revoked_at = coalesce(revoked_at, ?) where merchant_id = ? and key_id = ?",
                        Timestamp.from(clock.instant()),
                        merchantId,
                        keyId)
                > 0;
    }

    /** Sets ACTIVE or SUSPENDED; a suspended merchant's keys all answer 401. Empty when there is no such merchant. */
    public Optional<Merchant> setStatus(UUID merchantId, String status) {
        jdbc.update("update identity.merchants set status = ? where id = ?", status, merchantId);
        return findMerchant(merchantId);
    }

    /** Records the first successful ping; later pings keep the first time. */
    public Instant markConnected(UUID merchantId) {
        jdbc.update(
                "update identity.merchants set connected_at = ? where id = ? and connected_at is null",
                Timestamp.from(clock.instant()),
                merchantId);
        return findMerchant(merchantId).map(Merchant::connectedAt).orElseThrow();
    }

    private static String join(Collection<Scope> scopes) {
        return scopes.stream().map(Scope::wireName).sorted().collect(Collectors.joining(","));
    }

    private static Set<Scope> split(String scopes) {
        return List.of(scopes.split(",")).stream()
                .filter(s -> !s.isBlank())
                .map(Scope::fromWireName)
                .collect(Collectors.toUnmodifiableSet());
    }
}
