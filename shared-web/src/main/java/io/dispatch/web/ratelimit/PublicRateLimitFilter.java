package io.dispatch.web.ratelimit;

import io.dispatch.web.request.ClientAddresses;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.security.RouteTable;
import io.dispatch.web.security.Routes;
import io.dispatch.web.security.SecurityConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.core.annotation.Order;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;

/**
 * The per-client-IP limits of the routes without a credential ({@link ClientLimit}): the public
 * tracking routes (a stream counts once, when it is opened), the store webhook receivers, signup
 * and the sign-ins, each with its own figure and its own buckets (keys {@code <bucketPrefix>:<address>}),
 * over the routes the process's modules count under it ({@link RouteTable#limitedPer}; a limit no
 * module of the process uses counts nothing). A request counts under the first limit, in
 * {@link ClientLimit}'s order, that names its path. The same fixed one-minute windows and
 * PostgreSQL table as the API-key limit, so it holds across instances. The client IP is the
 * connection's peer address, or, when that peer is a trusted proxy ({@code
 * dispatch.web.trusted-proxies}), the client it forwarded for ({@link ClientAddresses}).
 */
@Order(SecurityConfiguration.AFTER_SECURITY + 10)
public class PublicRateLimitFilter implements WebFilter {

    private record Counted(List<PathPattern> routes, String bucketPrefix, RateLimiter limiter) {}

    private final ClientAddresses clients;
    private final List<Counted> limits = new ArrayList<>();

    /** @param limiters the limiter of each limit, holding its figure per minute */
    public PublicRateLimitFilter(Map<ClientLimit, RateLimiter> limiters, RouteTable table, ClientAddresses clients) {
        this.clients = clients;
        for (ClientLimit limit : ClientLimit.values()) {
            List<PathPattern> routes =
                    table.limitedPer(limit).stream().map(Routes::pattern).toList();
            if (!routes.isEmpty()) {
                limits.add(new Counted(routes, limit.bucketPrefix(), limiters.get(limit)));
            }
        }
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        for (Counted limit : limits) {
            if (Routes.matchesAny(limit.routes(), exchange)) {
                String client = clients.of(exchange);
                return Blocking.call(() -> limit.limiter().tryAcquire(limit.bucketPrefix() + ":" + client))
                        .flatMap(decision -> RateLimitFilter.enforce(exchange, chain, decision, "this client address"));
            }
        }
        return chain.filter(exchange);
    }
}
