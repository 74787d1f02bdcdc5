package io.dispatch.web.ratelimit;

import io.dispatch.web.identity.RiderPrincipal;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.security.Routes;
import io.dispatch.web.security.SecurityConfiguration;
import org.springframework.core.annotation.Order;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;

/**
 * The per-rider limit of /api/v1/rider ({@code dispatch.rate-limit.rider-per-minute}, 120 by
 * default: a rider app reporting its position every 2 s uses 30), in the same fixed windows and
 * PostgreSQL buckets as the API-key limit (keys "rider:&lt;id&gt;"), so it holds across instances.
 * Runs after the security chain, so only authenticated riders are counted.
 */
@Order(SecurityConfiguration.AFTER_SECURITY + 10)
public class RiderRateLimitFilter implements WebFilter {

    private static final PathPattern RIDER = Routes.pattern(Routes.RIDER);

    private final RateLimiter limiter;

    public RiderRateLimitFilter(RateLimiter limiter) {
        this.limiter = limiter;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        RiderPrincipal rider = exchange.getAttribute(RiderPrincipal.ATTRIBUTE);
        if (rider == null || !Routes.matches(RIDER, exchange)) {
            return chain.filter(exchange);
        }
        return Blocking.call(() -> limiter.tryAcquire("rider:" + rider.riderId()))
                .flatMap(decision -> RateLimitFilter.enforce(exchange, chain, decision, "this rider"));
    }
}
