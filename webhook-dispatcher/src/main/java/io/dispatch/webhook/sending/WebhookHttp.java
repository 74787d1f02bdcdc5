package io.dispatch.webhook.sending;

import io.dispatch.webhook.destination.PublicAddressResolverGroup;
import io.dispatch.webhook.destination.TargetPolicy;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.timeout.ReadTimeoutException;
import io.netty.resolver.DefaultAddressResolverGroup;
import java.io.ByteArrayOutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * One webhook POST with Reactor Netty: 5 s to connect, 15 s for the answer, no redirects, no
 * automatic retry, the answer's body read only up to {@link #BODY_CAP} bytes, and (unless
 * insecure targets are allowed) a resolver that refuses non-public addresses at connect time.
 * Blocking by design: each attempt runs on its own virtual thread.
 */
@Component
public class WebhookHttp implements DisposableBean {

    static final int BODY_CAP = 1024;
    private static final int ERROR_SNIPPET = 200;

    private final ConnectionProvider connections;
    private final HttpClient client;
    private final Duration overall;

    public WebhookHttp(WebhookProperties properties, TargetPolicy policy) {
        this.connections = ConnectionProvider.builder("webhooks")
                .maxConnections(properties.maxInFlight())
                .pendingAcquireTimeout(properties.connectTimeout())
                .maxIdleTime(Duration.ofSeconds(30))
                .build();
        this.client = HttpClient.create(connections)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        properties.connectTimeout().toMillis())
                .responseTimeout(properties.responseTimeout())
                .followRedirect(false)
                .disableRetry(true)
                .resolver(
                        policy.allowInsecure()
                                ? DefaultAddressResolverGroup.INSTANCE
                                : new PublicAddressResolverGroup(policy));
        this.overall =
                properties.connectTimeout().plus(properties.responseTimeout()).plusSeconds(5);
    }

    /**
     * What one attempt saw: the HTTP status when an answer came, an error text unless it was 2xx,
     * and the endpoint's {@code Retry-After} when it answered 429 or 503 with a usable one.
     */
    public record Outcome(Integer httpStatus, String error, Duration retryAfter) {
        public Outcome(Integer httpStatus, String error) {
            this(httpStatus, error, null);
        }

        public boolean succeeded() {
            return error == null;
        }
    }

    public Outcome post(URI url, Map<String, String> headers, byte[] body) {
        try {
            return client.headers(h -> {
                        headers.forEach(h::set);
                        h.set(HttpHeaderNames.CONTENT_LENGTH, body.length);
                        h.set(HttpHeaderNames.USER_AGENT, "dispatch-webhooks/1");
                    })
                    .post()
                    .uri(url)
                    .send(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(body)))
                    .response((response, content) -> capped(content.asByteArray())
                            .map(bytes -> outcome(
                                    response.status().code(),
                                    bytes,
                                    response.responseHeaders().get(HttpHeaderNames.RETRY_AFTER))))
                    .next()
                    .timeout(overall)
                    .block();
        } catch (RuntimeException e) {
            return new Outcome(null, describe(Exceptions.unwrap(e)));
        }
    }

    private static Mono<byte[]> capped(Flux<byte[]> chunks) {
        return Mono.defer(() -> {
            ByteArrayOutputStream kept = new ByteArrayOutputStream();
            return chunks.takeUntil(chunk -> {
                        kept.write(chunk, 0, Math.min(chunk.length, BODY_CAP - kept.size()));
                        return kept.size() >= BODY_CAP;
                    })
                    .then(Mono.fromSupplier(kept::toByteArray));
        });
    }

    static Outcome outcome(int status, byte[] body) {
        return outcome(status, body, null);
    }

    static Outcome outcome(int status, byte[] body, String retryAfter) {
        if (status >= 200 && status < 300) {
            return new Outcome(status, null);
        }
        Duration wait = status == 429 || status == 503 ? RetryAfter.parse(retryAfter, Instant.now()) : null;
        String error = "HTTP " + status + (status >= 300 && status < 400 ? " (redirects are not followed)" : "");
        String text =
                new String(body, StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
        if (!text.isEmpty()) {
            error += ": " + (text.length() > ERROR_SNIPPET ? text.substring(0, ERROR_SNIPPET) + "…" : text);
        }
        return new Outcome(status, error, wait);
    }

    static String describe(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null
                && cause.getCause() != cause
                && !(cause instanceof TargetPolicy.RefusedTarget)) {
            if (cause instanceof ReadTimeoutException || cause instanceof ConnectTimeoutException) {
                break;
            }
            cause = cause.getCause();
        }
        return switch (cause) {
            case TargetPolicy.RefusedTarget refused -> "refused target: " + refused.getMessage();
            case ReadTimeoutException timeout -> "timeout: no answer within the response timeout";
            case ConnectTimeoutException timeout -> "connect timeout";
            case TimeoutException timeout -> "timeout: the attempt took too long";
            case UnknownHostException unknown -> "DNS: " + unknown.getMessage() + " not found";
            case SSLException tls -> "TLS: " + tls.getMessage();
            case ConnectException refused -> "connection failed: " + refused.getMessage();
            default -> cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        };
    }

    @Override
    public void destroy() {
        connections.disposeLater().block(Duration.ofSeconds(5));
    }
}
