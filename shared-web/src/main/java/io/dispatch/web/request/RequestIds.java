package io.dispatch.web.request;

import java.util.UUID;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/** Gives every request a UUID, sent back as X-Request-Id on every response (errors included). */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RequestIds implements WebFilter {

    public static final String HEADER = "X-Request-Id";

    static {
        LogContext.install();
    }

    private static final String ATTRIBUTE = RequestIds.class.getName();

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String requestId = UUID.randomUUID().toString();
        exchange.getAttributes().put(ATTRIBUTE, requestId);
        exchange.getResponse().getHeaders().set(HEADER, requestId);
        return chain.filter(exchange).contextWrite(Context.of(LogContext.REQUEST_ID, requestId));
    }

    public static String of(ServerWebExchange exchange) {
        Object id = exchange.getAttribute(ATTRIBUTE);
        if (id == null) {
            id = UUID.randomUUID().toString();
            exchange.getAttributes().put(ATTRIBUTE, id);
            exchange.getResponse().getHeaders().set(HEADER, (String) id);
        }
        return (String) id;
    }
}
