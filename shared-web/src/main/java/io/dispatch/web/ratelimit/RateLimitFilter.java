package io.dispatch.web.ratelimit;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.security.Routes;
import io.dispatch.web.security.SecurityConfiguration;
import java.util.Map;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The per-API-key rate limit of every authenticated /api/v1/external request. Runs after
 * authentication (unauthenticated requests are answered 401 before and not counted) and before
 * idempotency (a replay counts; a 429 is never stored). The RateLimit-* headers are set before
 * the rest of the chain runs, so they stay on every answer, error answers included.
 */
@Component
@Order(SecurityConfiguration.AFTER_SECURITY + 10)
public class RateLimitFilter implements WebFilter {

    public static final String LIMIT = "RateLimit-Limit";
    public static final String REMAINING = "RateLimit-Remaining";
    public static final String RESET = "RateLimit-Reset";
    public static final String POLICY = "RateLimit-Policy";
    private static final PathPattern EXTERNAL = Routes.pattern(Routes.EXTERNAL);

    private final RateLimiter limiter;

    public RateLimitFilter(RateLimiter limiter) {
        this.limiter = limiter;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!Routes.matches(EXTERNAL, exchange)) {
            return chain.filter(exchange);
        }
        MerchantPrincipal principal = exchange.getAttribute(MerchantPrincipal.ATTRIBUTE);
        if (principal == null) {
            return chain.filter(exchange);
        }
        return Mono.fromCallable(() -> limiter.tryAcquire(principal.keyId()))
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(decision -> enforce(exchange, chain, decision, "this API key"));
    }

    /** Sets the RateLimit-* headers (on every answer, errors included), then passes or answers 429. */
    static Mono<Void> enforce(
            ServerWebExchange exchange, WebFilterChain chain, RateLimiter.Decision decision, String countedPer) {
        HttpHeaders headers = exchange.getResponse().getHeaders();
        headers.set(LIMIT, Integer.toString(decision.limit()));
        headers.set(REMAINING, Long.toString(decision.remaining()));
        headers.set(RESET, Long.toString(decision.resetSeconds()));
        headers.set(POLICY, decision.limit() + ";w=" + PostgresRateLimiter.WINDOW.toSeconds());
        if (decision.allowed()) {
            return chain.filter(exchange);
        }
        headers.set(HttpHeaders.RETRY_AFTER, Long.toString(decision.resetSeconds()));
        return Mono.error(new ApiException(
                ErrorCode.RATE_LIMITED,
                "Rate limit of " + decision.limit() + " requests per minute exceeded for " + countedPer + "; retry in "
                        + decision.resetSeconds() + " s",
                Map.of("limit", decision.limit(), "retryAfterSeconds", decision.resetSeconds())));
    }
}
