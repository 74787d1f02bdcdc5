package io.dispatch.web.ratelimit;

import io.dispatch.web.request.ClientAddresses;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.security.RouteTable;
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
 * A per-client-IP limit of a family of routes without a credential ({@link ClientLimit}): the public
 * tracking routes (a stream counts once, when it is opened), the store webhook receivers, signup
 * and the sign-ins, each with its own limit and its own buckets (keys {@code <family>:<address>}),
 * over the routes the process's modules count under it ({@link RouteTable#limitedPer}), in the
 * same fixed one-minute windows and PostgreSQL table as the
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

    /** One limit over the routes of the process that count under it (none: the filter passes everything). */
    static PublicRateLimitFilter of(ClientLimit limit, RouteTable table, RateLimiter limiter, ClientAddresses clients) {
        return new PublicRateLimitFilter(limiter, clients, table.limitedPer(limit), limit.bucketPrefix());
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
