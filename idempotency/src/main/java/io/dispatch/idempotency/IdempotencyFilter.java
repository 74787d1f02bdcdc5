package io.dispatch.idempotency;

import io.dispatch.web.error.ApiErrorHandler;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.request.RequestIds;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.security.SecurityConfiguration;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Idempotency-Key on every request under /api/v1/external/dispatches (decisions.md §1), on
 * POST /api/v1/external/webhooks/recover when the client sends one (§9: idempotent per key like
 * every write, without making the key required on a route outside /dispatches), and on the
 * rider's steps when the rider app sends one, scoped per rider ({@link KeyScope}): the first
 * request with a key runs and its answer is stored; the same request again gets that answer
 * replayed byte for byte with {@code Idempotent-Replayed: true}, without running the handler; a
 * different request with the key, or one while the first still runs, gets 409.
 *
 * <p>Runs after the rate limit, so a replay counts and a 429 never reaches the store. Errors of
 * the handler are rendered here, through {@link ApiErrorHandler}, onto the recording response:
 * left to propagate they would be rendered on the original exchange, past the recording.
 */
@Component
@Order(SecurityConfiguration.AFTER_SECURITY + 20)
public class IdempotencyFilter implements WebFilter {

    public static final String HEADER = IdempotencyKeyHeader.NAME;
    public static final String REPLAYED = "Idempotent-Replayed";

    private static final Logger log = LoggerFactory.getLogger(IdempotencyFilter.class);

    private final IdempotencyStore store;
    private final ApiErrorHandler errors;
    private final int maxBodyBytes;

    public IdempotencyFilter(
            IdempotencyStore store,
            ApiErrorHandler errors,
            @Value("${spring.http.codecs.max-in-memory-size:4MB}") DataSize maxBody) {
        this.store = store;
        this.errors = errors;
        this.maxBodyBytes = (int) Math.min(Integer.MAX_VALUE, maxBody.toBytes());
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String path = exchange.getRequest().getPath().value();
        KeyScope scope = KeyScope.of(exchange);
        if (scope == null) {
            return chain.filter(exchange);
        }
        String problem =
                IdempotencyKeyHeader.problem(exchange.getRequest().getHeaders().get(HEADER));
        if (problem != null) {
            return Mono.error(ApiException.validation(HEADER, problem));
        }
        String key = exchange.getRequest().getHeaders().getFirst(HEADER);
        UUID scopeId = scope.id();
        return readBody(exchange.getRequest()).flatMap(body -> {
            ServerHttpRequest request = exchange.getRequest();
            byte[] fingerprint = RequestFingerprint.of(
                    request.getMethod().name(), path, request.getURI().getRawQuery(), body);
            return Blocking.call(() -> store.claim(scopeId, key, fingerprint)).flatMap(claim -> switch (claim) {
                case IdempotencyStore.Claim.Acquired acquired ->
                    execute(
                            exchange,
                            chain,
                            body,
                            new Held(scopeId, key, acquired.owner()),
                            scope.merchant() ? new IdempotentRequest(scopeId, key, fingerprint) : null);
                case IdempotencyStore.Claim.Replay replay -> replay(exchange.getResponse(), replay.answer());
                case IdempotencyStore.Claim.Mismatch mismatch ->
                    Mono.error(ApiException.conflict(
                            "This Idempotency-Key was already used with a different request; use a new key for a new request",
                            Map.of()));
                case IdempotencyStore.Claim.Busy busy ->
                    Mono.error(ApiException.conflict(
                            "A request with this Idempotency-Key is still being processed; retry later", Map.of()));
            });
        });
    }

    /** The key this request holds while it runs, in its scope (a merchant's id, or a rider's {@link KeyScope}). */
    private record Held(UUID scopeId, String key, UUID owner) {}

    private Mono<Void> execute(
            ServerWebExchange exchange, WebFilterChain chain, byte[] body, Held held, IdempotentRequest request) {
        RecordingResponse recording = new RecordingResponse(exchange.getResponse(), answer -> finish(held, answer));
        ServerWebExchange recorded = exchange.mutate()
                .request(new BufferedBodyRequest(exchange.getRequest(), body, exchange.getResponse()))
                .response(recording)
                .build();
        if (request != null) {
            recorded.getAttributes().put(IdempotentRequest.ATTRIBUTE, request);
        }
        return chain.filter(recorded)
                .onErrorResume(failure -> errors.handle(recorded, failure))
                .then(Mono.defer(recording::setComplete))
                .doFinally(signal -> {
                    if (!recording.answered()) {
                        // failed or cancelled before any answer: a retry must run again
                        Blocking.call(() -> {
                                    store.release(held.scopeId(), held.key(), held.owner());
                                    return true;
                                })
                                .subscribe(released -> {}, e -> log.warn("Could not release an idempotency key", e));
                    }
                });
    }

    private Mono<Void> finish(Held held, StoredAnswer answer) {
        return Blocking.call(() -> {
                    if (StoredAnswer.storable(answer.status())) {
                        store.complete(held.scopeId(), held.key(), held.owner(), answer);
                    } else {
                        store.release(held.scopeId(), held.key(), held.owner());
                    }
                    return true;
                })
                // the client still gets its answer; the claim then blocks retries until it counts as abandoned
                .onErrorResume(e -> {
                    log.warn("Could not store the answer of an idempotent request (status {})", answer.status(), e);
                    return Mono.just(false);
                })
                .then();
    }

    private static Mono<Void> replay(ServerHttpResponse response, StoredAnswer answer) {
        response.setStatusCode(HttpStatusCode.valueOf(answer.status()));
        HttpHeaders headers = response.getHeaders();
        if (answer.requestId() != null) {
            headers.set(RequestIds.HEADER, answer.requestId());
        }
        if (answer.contentType() != null) {
            headers.set(HttpHeaders.CONTENT_TYPE, answer.contentType());
        }
        headers.set(REPLAYED, "true");
        if (answer.body().length == 0) {
            return response.setComplete();
        }
        headers.setContentLength(answer.body().length);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(answer.body())));
    }

    private Mono<byte[]> readBody(ServerHttpRequest request) {
        return DataBufferUtils.join(request.getBody(), maxBodyBytes)
                .map(RecordingResponse::bytesOf)
                .defaultIfEmpty(new byte[0]);
    }

    /** The request with its body, already read for the fingerprint, offered again to the handler. */
    private static final class BufferedBodyRequest extends ServerHttpRequestDecorator {

        private final byte[] body;
        private final ServerHttpResponse response;

        BufferedBodyRequest(ServerHttpRequest delegate, byte[] body, ServerHttpResponse response) {
            super(delegate);
            this.body = body;
            this.response = response;
        }

        @Override
        public Flux<DataBuffer> getBody() {
            return body.length == 0
                    ? Flux.empty()
                    : Flux.defer(() -> Flux.just(response.bufferFactory().wrap(body)));
        }
    }
}
