package io.dispatch.web.edge;

import io.dispatch.web.request.HttpEdgeProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.reactor.netty.autoconfigure.NettyServerProperties;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;
import tools.jackson.databind.ObjectMapper;

/**
 * Bounds what one HTTP connection can hold in every dispatch service (docs/operating.md,
 * "Connections and request limits"). Boot's own settings carry what Reactor Netty offers:
 * {@code server.netty.idle-timeout} between requests, {@code server.max-http-request-header-size}
 * and {@code server.netty.max-initial-line-length} for the head, and
 * {@code spring.http.codecs.max-in-memory-size} for the body; edge.properties gives them our
 * defaults ({@link HttpEdgeProperties} has its own). What Boot has no setting for is added here: Reactor Netty's request (body) timeout,
 * a timeout on the request head, answers in the envelope for heads the decoder refuses, and a read asked for after
 * each response ({@link ReadAfterResponse}, for a Reactor Netty defect that can stall a keep-alive connection).
 *
 * <p>No timeout runs while a response is being written, so the tracking streams (server-sent
 * events that last as long as the delivery) are never cut by them.
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:io/dispatch/web/edge/edge.properties")
public class HttpEdgeConfiguration {

    @Bean
    NettyServerCustomizer httpEdge(
            HttpEdgeProperties edge,
            ObjectMapper json,
            ObjectProvider<ServerProperties> server,
            ObjectProvider<NettyServerProperties> netty) {
        // absent in a context without a web server (some tests): the customizer is then never applied
        long maxInitialLine = netty.stream()
                .findFirst()
                .map(n -> n.getMaxInitialLineLength().toBytes())
                .orElse(4096L);
        long maxHeaders = server.stream()
                .findFirst()
                .map(s -> s.getMaxHttpRequestHeaderSize().toBytes())
                .orElse(8192L);
        EdgeAnswers answers = new EdgeAnswers(json, maxInitialLine, maxHeaders);
        return http -> http.requestTimeout(edge.bodyTimeout()).doOnChannelInit((observer, channel, remoteAddress) -> {
            RequestHeadGuard.install(channel.pipeline(), edge.headerTimeout(), answers);
            ReadAfterResponse.install(channel.pipeline());
        });
    }
}
