package io.dispatch.web.ratelimit;

import io.dispatch.web.request.ClientAddresses;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.security.Routes;
import io.dispatch.web.security.SecurityConfiguration;
import java.util.List;
import org.springframework.core.annotation.Order;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;

/**
 * A per-client-IP limit of a family of routes without a credential: the public tracking routes
 * (/api/v1/track/**, /track/**; a stream counts once, when it is opened) and the store webhook
 * receivers (/api/v1/integrations/**), signup and sign-in (/api/v1/auth/**), each with its own limit and its own buckets (keys
 * {@code <family>:<address>}), in the same fixed one-minute windows and PostgreSQL table as the
 * API-key limit, so it holds across instances. The client IP is the connection's peer address,
 * or, when that peer is a trusted proxy ({@code dispatch.web.trusted-proxies}), the client it
 * forwarded for ({@link ClientAddresses}).
 */
@Order(SecurityConfiguration.AFTER_SECURITY + 10)
public class PublicRateLimitFilter implements WebFilter {

    private final RateLimiter limiter;
    private final ClientAddresses clients;
    private final List<PathPattern> routes;
    private final String bucketPrefix;

    /**
     * @param bucketPrefix names the family in the bucket keys; families must differ, as a bucket
     *     holds one limit
     */
    public PublicRateLimitFilter(
            RateLimiter limiter, ClientAddresses clients, List<String> routes, String bucketPrefix) {
        this.limiter = limiter;
        this.clients = clients;
        this.routes = routes.stream().map(Routes::pattern).toList();
        this.bucketPrefix = bucketPrefix;
    }

    /** The tracking routes' limit; its buckets keep the keys they always had ("ip:<address>"). */
    static PublicRateLimitFilter tracking(RateLimiter limiter, ClientAddresses clients) {
        return new PublicRateLimitFilter(limiter, clients, List.of(Routes.TRACKING_API, Routes.TRACKING_PAGE), "ip");
    }

    static PublicRateLimitFilter integrations(RateLimiter limiter, ClientAddresses clients) {
        return new PublicRateLimitFilter(limiter, clients, List.of(Routes.INTEGRATIONS), "integrations-ip");
    }

    /** The dashboard's signup and sign-in and the console's sign-in together ("sign-in-ip:<address>"). */
    static PublicRateLimitFilter signIn(RateLimiter limiter, ClientAddresses clients) {
        return new PublicRateLimitFilter(limiter, clients, List.of(Routes.AUTH, Routes.CONSOLE_SIGN_IN), "sign-in-ip");
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!Routes.matchesAny(routes, exchange)) {
            return chain.filter(exchange);
        }
        String client = clients.of(exchange);
        return Blocking.call(() -> limiter.tryAcquire(bucketPrefix + ":" + client))
                .flatMap(decision -> RateLimitFilter.enforce(exchange, chain, decision, "this client address"));
    }
}
