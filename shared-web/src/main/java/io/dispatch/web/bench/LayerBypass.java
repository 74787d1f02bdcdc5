package io.dispatch.web.bench;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * Lets a benchmark measure latency with and without the rate-limit and idempotency layers in the
 * same run: with {@code dispatch.bench.allow-layer-bypass=true}, a request carrying
 * {@code X-Dispatch-Bench-Bypass: true} skips both. Off by default, and it must never be on in
 * production: any key holder could then exceed the rate limit and replay without idempotency.
 * While off, the header is ignored.
 */
@Component
public class LayerBypass {

    public static final String HEADER = "X-Dispatch-Bench-Bypass";
    public static final String PROPERTY = "dispatch.bench.allow-layer-bypass";
    private static final Logger log = LoggerFactory.getLogger(LayerBypass.class);

    private final boolean allowed;

    public LayerBypass(BenchProperties properties) {
        this.allowed = properties.allowLayerBypass();
        if (allowed) {
            log.warn(
                    "{}=true: requests with {}: true skip the rate limit and idempotency (benchmarks only, "
                            + "never in production)",
                    PROPERTY,
                    HEADER);
        }
    }

    public boolean applies(ServerWebExchange exchange) {
        return allowed
                && "true".equalsIgnoreCase(exchange.getRequest().getHeaders().getFirst(HEADER));
    }
}
