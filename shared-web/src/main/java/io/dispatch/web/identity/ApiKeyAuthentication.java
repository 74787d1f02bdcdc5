package io.dispatch.web.identity;

import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Checks an X-API-Key: the key id is looked up (trusted for {@code dispatch.key-cache-ttl}, 2 s by
 * default, so a revocation or a suspension reaches every instance within that time without a
 * database read per request) and the secret compared with the stored hash in constant time.
 * Called by the security chain for /api/v1/external.
 */
@Component
public class ApiKeyAuthentication {

  public static final String HEADER = "X-API-Key";
  public static final String REJECTED = "Missing, malformed, revoked or suspended API key";

  private final CredentialCache<MerchantAccounts.StoredKey> keys;

  public ApiKeyAuthentication(MerchantAccounts accounts, IdentityProperties properties, Clock clock) {
    this.keys = new CredentialCache<>(accounts::findKey, properties.keyCacheTtl(), clock);
  }

  /** The merchant the key belongs to, or {@link CredentialRejected}. */
  public Mono<MerchantPrincipal> authenticate(String presented) {
    ApiKeys.Parsed parsed = ApiKeys.parse(presented);
    if (parsed == null) {
      return Mono.error(new CredentialRejected(REJECTED));
    }
    return keys.get(parsed.keyId()).flatMap(key -> {
      if (key.isEmpty() || !key.get().usable() || !ApiKeys.matches(parsed.secret(), key.get().secretHash())) {
        return Mono.error(new CredentialRejected(REJECTED));
      }
      MerchantAccounts.StoredKey stored = key.get();
      return Mono.just(new MerchantPrincipal(stored.merchantId(), stored.keyId(), stored.scopes()));
    });
  }
}
