package io.dispatch.web.edge;

import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * An answer given before the request's body was read to its end (refused by the firewall, the
 * authentication, a rate limit, a size limit, a route that takes no body) closes the connection:
 * the rest of the body is still on its way, and a client that stopped sending it and reuses the
 * connection would have its next request read as that body and never answered. Requests without
 * a body, and those whose body was read, keep their connection.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class UnreadBodyClosesConnection implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        if (!hasBody(request.getHeaders())) {
            return chain.filter(exchange);
        }
        AtomicBoolean read = new AtomicBoolean();
        ServerHttpRequest watched = new ServerHttpRequestDecorator(request) {
            @Override
            public Flux<DataBuffer> getBody() {
                return super.getBody().doOnComplete(() -> read.set(true));
            }
        };
        exchange.getResponse().beforeCommit(() -> {
            if (!read.get()) {
                exchange.getResponse().getHeaders().set(HttpHeaders.CONNECTION, "close");
            }
            return Mono.empty();
        });
        return chain.filter(exchange.mutate().request(watched).build());
    }

    private static boolean hasBody(HttpHeaders headers) {
        return headers.getContentLength() > 0 || headers.containsHeader(HttpHeaders.TRANSFER_ENCODING);
    }
}
