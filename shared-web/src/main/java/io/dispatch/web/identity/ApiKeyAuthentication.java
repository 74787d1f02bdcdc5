package io.dispatch.web.identity;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.time.Clock;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Authenticates every /api/v1/external request by its X-API-Key. Looked-up keys are trusted for
 * {@code dispatch.key-cache-ttl} (2 s by default), so a revocation or a suspension reaches
 * every instance within that time without a database read per request.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ApiKeyAuthentication implements WebFilter {

  public static final String HEADER = "X-API-Key";
  private static final String PREFIX = "/api/v1/external/";

  private final CredentialCache<MerchantAccounts.StoredKey> keys;

  public ApiKeyAuthentication(MerchantAccounts accounts, IdentityProperties properties, Optional<Clock> clock) {
    this.keys = new CredentialCache<>(accounts::findKey, properties.keyCacheTtl(), clock.orElse(Clock.systemUTC()));
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
    return keys.get(parsed.keyId())
        .flatMap(key -> {
          if (key.isEmpty() || !key.get().usable() || !ApiKeys.matches(parsed.secret(), key.get().secretHash())) {
            return Mono.error(unauthorized());
          }
          MerchantAccounts.StoredKey stored = key.get();
          Scope needed = needs(exchange);
          if (!stored.scopes().contains(needed)) {
            return Mono.error(new ApiException(
                ErrorCode.FORBIDDEN, "This API key lacks the '" + needed.wireName() + "' scope"));
          }
          exchange.getAttributes().put(
              MerchantPrincipal.ATTRIBUTE, new MerchantPrincipal(stored.merchantId(), stored.keyId(), stored.scopes()));
          return chain.filter(exchange);
        });
  }

  /** Reads need the read scope; anything that changes state needs write. Ping needs either. */
  private static Scope needs(ServerWebExchange exchange) {
    HttpMethod method = exchange.getRequest().getMethod();
    boolean ping = exchange.getRequest().getPath().value().equals(PREFIX + "ping");
    return method == HttpMethod.GET || method == HttpMethod.HEAD || ping ? Scope.READ : Scope.WRITE;
  }

  private static ApiException unauthorized() {
    return new ApiException(ErrorCode.UNAUTHORIZED, "Missing, malformed, revoked or suspended API key");
  }
}
