package io.dispatch.web.ratelimit;

import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.request.ClientAddresses;
import io.dispatch.web.security.RouteTable;
import io.dispatch.web.security.SecurityConfiguration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * A cap on the tracking streams ({@code /api/v1/track/:token/stream}, declared by the module that
 * serves them with {@link io.dispatch.web.security.ServedRoutes#streamsCappedPerClient}) one client
 * address holds open at once ({@code dispatch.rate-limit.tracking-streams-per-client}, 20). The per-minute limit
 * counts a stream once, when it opens, so without this one client could open a stream every
 * second and hold them all for hours. One more answers 429 RATE_LIMITED with Retry-After; a
 * stream that ends, fails or is closed by its client gives its slot back. Counted in memory, per
 * instance: a stream lives on the instance that opened it.
 */
@Order(SecurityConfiguration.AFTER_SECURITY + 20)
public class TrackingStreamSlots implements WebFilter {

    static final long RETRY_AFTER_SECONDS = 30;

    private final int perClient;
    private final ClientAddresses clients;
    private final RouteTable routes;
    private final Map<String, Integer> open = new ConcurrentHashMap<>();

    public TrackingStreamSlots(int perClient, ClientAddresses clients, RouteTable routes) {
        this.perClient = perClient;
        this.clients = clients;
        this.routes = routes;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!routes.isCappedStream(exchange)) {
            return chain.filter(exchange);
        }
        String client = clients.of(exchange);
        if (!take(client)) {
            exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(RETRY_AFTER_SECONDS));
            return Mono.error(new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "At most " + perClient + " tracking streams may be open at once from this client address; "
                            + "close one or retry in " + RETRY_AFTER_SECONDS + " s",
                    Map.of("limit", perClient, "retryAfterSeconds", RETRY_AFTER_SECONDS)));
        }
        return chain.filter(exchange).doFinally(signal -> release(client));
    }

    /** Streams the address holds open now. */
    public int openStreams(String client) {
        return open.getOrDefault(client, 0);
    }

    private boolean take(String client) {
        AtomicBoolean taken = new AtomicBoolean();
        open.compute(client, (address, count) -> {
            int now = count == null ? 0 : count;
            if (now >= perClient) {
                return count;
            }
            taken.set(true);
            return now + 1;
        });
        return taken.get();
    }

    private void release(String client) {
        open.computeIfPresent(client, (address, count) -> count <= 1 ? null : count - 1);
    }
}
