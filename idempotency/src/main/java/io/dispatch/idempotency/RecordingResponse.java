package io.dispatch.idempotency;

import io.dispatch.web.request.RequestIds;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Hands the complete answer (status, Content-Type, X-Request-Id, body) to a callback before it is
 * sent, so that an answer a client has seen is already stored: a retry sent right after it is a
 * replay, never a second execution. The body is buffered whole; the API's bodies are small JSON
 * documents.
 */
final class RecordingResponse extends ServerHttpResponseDecorator {

    private static final byte[] EMPTY = new byte[0];

    private final Function<StoredAnswer, Mono<Void>> onAnswer;
    private final AtomicBoolean answered = new AtomicBoolean();

    RecordingResponse(ServerHttpResponse delegate, Function<StoredAnswer, Mono<Void>> onAnswer) {
        super(delegate);
        this.onAnswer = onAnswer;
    }

    @Override
    public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
        return DataBufferUtils.join(body)
                .map(RecordingResponse::bytesOf)
                .defaultIfEmpty(EMPTY)
                .flatMap(bytes -> answer(bytes)
                        .then(Mono.defer(() -> getDelegate()
                                .writeWith(Mono.just(bufferFactory().wrap(bytes))))));
    }

    @Override
    public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> body) {
        return writeWith(Flux.from(body).concatMap(Flux::from));
    }

    @Override
    public Mono<Void> setComplete() {
        return answer(EMPTY).then(Mono.defer(getDelegate()::setComplete));
    }

    /** Whether the answer went to the callback (it does once, for the first write or completion). */
    boolean answered() {
        return answered.get();
    }

    private Mono<Void> answer(byte[] body) {
        if (!answered.compareAndSet(false, true)) {
            return Mono.empty();
        }
        HttpStatusCode status = getStatusCode();
        MediaType contentType = getHeaders().getContentType();
        return onAnswer.apply(new StoredAnswer(
                status == null ? 200 : status.value(),
                contentType == null ? null : contentType.toString(),
                getHeaders().getFirst(RequestIds.HEADER),
                body));
    }

    /** The buffer's bytes; the buffer is released. */
    static byte[] bytesOf(DataBuffer buffer) {
        try {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }
}
