package io.dispatch.web.identity;

import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Checks an X-Rider-Token the way API keys are checked: the token's id is looked up (cached for
 * {@code dispatch.key-cache-ttl}), its secret compared with the stored hash in constant time.
 * Called by the security chain for /api/v1/rider.
 */
@Component
public class RiderAuthentication {

  public static final String HEADER = "X-Rider-Token";
  public static final String REJECTED = "Missing or unknown rider token (X-Rider-Token)";

  private final CredentialCache<RiderAccounts.StoredToken> tokens;

  public RiderAuthentication(RiderAccounts riders, IdentityProperties properties, Clock clock) {
    this.tokens = new CredentialCache<>(riders::findToken, properties.keyCacheTtl(), clock);
  }

  /** The rider the token belongs to, or {@link CredentialRejected}. */
  public Mono<RiderPrincipal> authenticate(String presented) {
    ApiKeys.Parsed parsed = ApiKeys.parse(presented);
    if (parsed == null) {
      return Mono.error(new CredentialRejected(REJECTED));
    }
    return tokens.get(parsed.keyId()).flatMap(token -> {
      if (token.isEmpty() || !ApiKeys.matches(parsed.secret(), token.get().tokenHash())) {
        return Mono.error(new CredentialRejected(REJECTED));
      }
      return Mono.just(new RiderPrincipal(token.get().riderId(), token.get().name()));
    });
  }
}
