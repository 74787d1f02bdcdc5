package io.dispatch.web.identity;

import java.time.Clock;
import java.util.EnumSet;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Checks a dashboard session: the signed-in merchant (the session attribute {@link #MERCHANT},
 * set at sign-in) must still exist and be active, looked up the way API keys are (cached for
 * {@code dispatch.key-cache-ttl}), so a suspension ends its sessions within that time. A session
 * acts with both scopes; its key id is {@code session:<merchant id>}.
 */
@Component
public class SessionAuthentication {

  /** The session attribute that holds the signed-in merchant's id (a {@code String}). */
  public static final String MERCHANT = "dispatch.merchantId";
  /** The key id of a merchant principal that came from a session (rate limits count per id). */
  public static final String KEY_ID = "session";
  public static final String REJECTED = "The session has ended or its merchant is suspended: sign in again";

  private final CredentialCache<MerchantAccounts.Merchant> merchants;

  public SessionAuthentication(MerchantAccounts accounts, IdentityProperties properties, Clock clock) {
    this.merchants = new CredentialCache<>(
        id -> accounts.findMerchant(UUID.fromString(id)), properties.keyCacheTtl(), clock);
  }

  /** The merchant of a session's attribute, or {@link CredentialRejected}. */
  public Mono<MerchantPrincipal> authenticate(String merchantId) {
    return merchants.get(merchantId).flatMap(merchant -> {
      if (merchant.isEmpty() || !"ACTIVE".equals(merchant.get().status())) {
        return Mono.error(new CredentialRejected(REJECTED));
      }
      return Mono.just(new MerchantPrincipal(
          merchant.get().id(), KEY_ID + ":" + merchant.get().id(), EnumSet.allOf(Scope.class)));
    });
  }
}
