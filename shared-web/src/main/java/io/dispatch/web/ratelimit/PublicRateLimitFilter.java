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
 * The limit of the public tracking routes (/api/v1/track/**, /track/**): per client IP, in the
 * same fixed one-minute windows and PostgreSQL buckets as the API-key limit, so it holds
 * across instances. The client IP is the connection's peer address, or, when that peer is a
 * trusted proxy ({@code dispatch.web.trusted-proxies}), the client it forwarded for
 * ({@link ClientAddresses}). A stream counts once, when it is opened.
 */
@Order(SecurityConfiguration.AFTER_SECURITY + 10)
public class PublicRateLimitFilter implements WebFilter {

  private final RateLimiter limiter;
  private final ClientAddresses clients;

  public PublicRateLimitFilter(RateLimiter limiter, ClientAddresses clients) {
    this.limiter = limiter;
    this.clients = clients;
  }

  private static final List<PathPattern> TRACKING =
      List.of(Routes.pattern(Routes.TRACKING_API), Routes.pattern(Routes.TRACKING_PAGE));

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    if (!Routes.matchesAny(TRACKING, exchange)) {
      return chain.filter(exchange);
    }
    String client = clients.of(exchange);
    return Mono.fromCallable(() -> limiter.tryAcquire("ip:" + client))
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(decision -> RateLimitFilter.enforce(exchange, chain, decision, "this client address"));
  }
}
