package io.dispatch.web.input;

import io.dispatch.web.error.ApiException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The API speaks UTF-8 JSON (RFC 8259) and UTF-8 CSV, both ways.
 * <ul>
 *   <li>A request body must be valid UTF-8, checked strictly as it streams in: an overlong form
 *       ({@code C0 AF} for "/"), an encoded surrogate or a stray byte is a 422 on {@code body},
 *       where Jackson would have read {@code C0 AF} as "/" and stored it.
 *   <li>A charset asked for in {@code Accept} is ignored for JSON: the answer is UTF-8 whatever
 *       was asked ({@code application/json;charset=utf-16} had no encoder and answered 500).
 * </ul>
 * A body sent as {@code image/jpeg} or {@code image/png} (a rider's proof photo) is bytes, not
 * text: the one route that takes it checks its content itself; any other route refuses its
 * Content-Type (415).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class Utf8Only implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        List<MediaType> accept;
        try {
            accept = request.getHeaders().getAccept();
        } catch (InvalidMediaTypeException e) {
            // not ours to judge here: content negotiation answers it (406) as it would without this filter
            accept = List.of();
        }
        boolean charsetAsked = accept.stream().anyMatch(type -> type.getCharset() != null);
        boolean hasBody = (request.getHeaders().getContentLength() > 0
                        || request.getHeaders().containsHeader(HttpHeaders.TRANSFER_ENCODING))
                && !isImage(request.getHeaders().getFirst(HttpHeaders.CONTENT_TYPE));
        if (!charsetAsked && !hasBody) {
            return chain.filter(exchange);
        }
        List<MediaType> negotiated = accept;
        ServerHttpRequest checked = new ServerHttpRequestDecorator(request) {
            private final HttpHeaders headers = charsetAsked ? withoutCharsets(request.getHeaders(), negotiated) : null;

            @Override
            public HttpHeaders getHeaders() {
                return headers != null ? headers : super.getHeaders();
            }

            @Override
            public Flux<DataBuffer> getBody() {
                if (!hasBody) {
                    return super.getBody();
                }
                Utf8Stream stream = new Utf8Stream();
                return super.getBody().doOnNext(stream::feed).concatWith(Mono.fromRunnable(stream::end));
            }
        };
        return chain.filter(exchange.mutate().request(checked).build());
    }

    /** {@code image/jpeg} or {@code image/png}, parameters and case aside. */
    static boolean isImage(String contentType) {
        if (contentType == null) {
            return false;
        }
        int parameters = contentType.indexOf(';');
        String type = (parameters < 0 ? contentType : contentType.substring(0, parameters))
                .strip()
                .toLowerCase(java.util.Locale.ROOT);
        return type.equals("image/jpeg") || type.equals("image/png");
    }

    private static HttpHeaders withoutCharsets(HttpHeaders original, List<MediaType> accept) {
        HttpHeaders headers = new HttpHeaders();
        headers.putAll(original);
        headers.setAccept(accept.stream()
                .map(type -> type.getCharset() == null ? type : new MediaType(type.getType(), type.getSubtype()))
                .toList());
        return headers;
    }

    /** A strict UTF-8 decoder over a body's chunks, carrying a sequence split between two chunks. */
    private static final class Utf8Stream {

        private final CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        private final CharBuffer sink = CharBuffer.allocate(4096);
        private ByteBuffer carried = ByteBuffer.allocate(0);

        void feed(DataBuffer buffer) {
            int length = buffer.readableByteCount();
            ByteBuffer in = ByteBuffer.allocate(carried.remaining() + length);
            in.put(carried);
            buffer.toByteBuffer(buffer.readPosition(), in, in.position(), length);
            in.position(in.position() + length);
            in.flip();
            decode(in, false);
            carried = ByteBuffer.allocate(in.remaining()).put(in).flip();
        }

        void end() {
            decode(carried, true);
        }

        private void decode(ByteBuffer in, boolean last) {
            try {
                CoderResult result;
                do {
                    sink.clear();
                    result = decoder.decode(in, sink, last);
                    if (result.isError()) {
                        result.throwException();
                    }
                } while (result.isOverflow());
            } catch (CharacterCodingException e) {
                throw ApiException.validation("body", "is not valid UTF-8: the API reads JSON and CSV in UTF-8 only");
            }
        }
    }
}
