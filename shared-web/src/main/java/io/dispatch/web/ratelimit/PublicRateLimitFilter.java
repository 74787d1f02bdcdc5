package io.dispatch.web.ratelimit;

import io.dispatch.web.security.Routes;
import io.dispatch.web.request.ClientAddresses;
import java.util.List;
import io.dispatch.web.security.SecurityConfiguration;
import org.springframework.core.annotation.Order;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A per-client-IP limit of public routes (the tracking routes; signup and sign-in): in the same
 * fixed one-minute windows and PostgreSQL buckets as the API-key limit, so it holds across
 * instances; each limit has its own key prefix, so one does not spend another. The client IP is the connection's peer address, or, when that peer is a
 * trusted proxy ({@code dispatch.web.trusted-proxies}), the client it forwarded for
 * ({@link ClientAddresses}). A stream counts once, when it is opened.
 */
@Order(SecurityConfiguration.AFTER_SECURITY + 10)
public class PublicRateLimitFilter implements WebFilter {

  private final String keyPrefix;
  private final List<PathPattern> routes;
  private final RateLimiter limiter;
  private final ClientAddresses clients;

  /**
   * @param keyPrefix the bucket key's prefix, e.g. {@code ip:}
   * @param routes the route patterns ({@link Routes}) this limit counts
   */
  public PublicRateLimitFilter(String keyPrefix, List<String> routes, RateLimiter limiter, ClientAddresses clients) {
    this.keyPrefix = keyPrefix;
    this.routes = routes.stream().map(Routes::pattern).toList();
    this.limiter = limiter;
    this.clients = clients;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    if (!Routes.matchesAny(routes, exchange)) {
      return chain.filter(exchange);
    }
    String client = clients.of(exchange);
    return Mono.fromCallable(() -> limiter.tryAcquire(keyPrefix + client))
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(decision -> RateLimitFilter.enforce(exchange, chain, decision, "this client address"));
  }
}
