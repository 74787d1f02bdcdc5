package io.dispatch.web.identity;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.time.Clock;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Authenticates every /api/v1/rider request by its X-Rider-Token, the way API keys are: the
 * token's id is looked up (cached for {@code dispatch.key-cache-ttl}), its secret compared with
 * the stored hash in constant time. A missing or wrong token answers 401.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class RiderAuthentication implements WebFilter {

  public static final String HEADER = "X-Rider-Token";
  private static final String PREFIX = "/api/v1/rider/";

  private final CredentialCache<RiderAccounts.StoredToken> tokens;

  public RiderAuthentication(RiderAccounts riders, IdentityProperties properties, Optional<Clock> clock) {
    this.tokens = new CredentialCache<>(riders::findToken, properties.keyCacheTtl(), clock.orElse(Clock.systemUTC()));
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    if (!exchange.getRequest().getPath().value().startsWith(PREFIX)) {
      return chain.filter(exchange);
    }
    ApiKeys.Parsed parsed = ApiKeys.parse(exchange.getRequest().getHeaders().getFirst(HEADER));
    if (parsed == null) {
      return Mono.error(unauthorized());
    }
    return tokens.get(parsed.keyId()).flatMap(token -> {
      if (token.isEmpty() || !ApiKeys.matches(parsed.secret(), token.get().tokenHash())) {
        return Mono.error(unauthorized());
      }
      exchange.getAttributes().put(
          RiderPrincipal.ATTRIBUTE, new RiderPrincipal(token.get().riderId(), token.get().name()));
      return chain.filter(exchange);
    });
  }

  private static ApiException unauthorized() {
    return new ApiException(ErrorCode.UNAUTHORIZED, "Missing or unknown rider token (X-Rider-Token)");
  }
}
