package io.dispatch.web.edge;

import io.dispatch.web.request.HttpEdgeProperties;
import java.time.Duration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.http.codec.autoconfigure.CodecsAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.reactor.netty.autoconfigure.NettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.HttpHandlerAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The HTTP edge alone: a WebFlux server on Reactor Netty with {@link HttpEdgeConfiguration} and
 * a few routes, without a database or a broker, so timeouts of a second or two can be tested.
 * Deliberately not a {@code @Configuration}: shared-web's component scan of io.dispatch.web
 * (which covers this test package) must not pick it up in other tests' contexts.
 */
@ImportAutoConfiguration({
    NettyReactiveWebServerAutoConfiguration.class,
    HttpHandlerAutoConfiguration.class,
    WebFluxAutoConfiguration.class,
    CodecsAutoConfiguration.class,
    JacksonAutoConfiguration.class
})
@Import(HttpEdgeConfiguration.class)
@EnableConfigurationProperties(HttpEdgeProperties.class)
class EdgeTestApp {

    /** How long the stream stays silent before each event: longer than the idle timeout. */
    static final Duration STREAM_SILENCE = Duration.ofSeconds(4);

    /** How long {@code /slow} takes to answer. */
    static final Duration SLOW = Duration.ofMillis(50);

    @Bean
    RouterFunction<ServerResponse> routes() {
        return RouterFunctions.route()
                .GET("/hello", request -> ServerResponse.ok().bodyValue("{\"hello\":true}"))
                .GET("/after", request -> ServerResponse.ok().bodyValue("{\"after\":true}"))
                .GET(
                        "/slow",
                        request -> Mono.delay(SLOW).then(ServerResponse.ok().bodyValue("{\"slow\":true}")))
                .POST(
                        "/echo",
                        request -> request.bodyToMono(String.class)
                                .flatMap(body -> ServerResponse.ok().bodyValue("{\"length\":" + body.length() + "}")))
                .GET(
                        "/stream",
                        request -> ServerResponse.ok()
                                .contentType(MediaType.TEXT_EVENT_STREAM)
                                .body(BodyInserters.fromServerSentEvents(Flux.interval(STREAM_SILENCE)
                                        .take(2)
                                        .map(tick -> ServerSentEvent.builder("tick " + tick)
                                                .event("tick")
                                                .build()))))
                .build();
    }
}
