package io.dispatch.web.edge;

import io.dispatch.web.Envelope;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.error.Sizes;
import io.dispatch.web.request.RequestIds;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.ObjectMapper;

/**
 * Answers in the API's envelope the requests the HTTP decoder refuses before Spring sees them,
 * where Reactor Netty would answer a bare status: a request line or headers over the limits,
 * or a head that is not valid HTTP (a control character in a header). The connection then
 * closes gently: the server stops sending, drops what the client still sends for a moment and
 * closes, so the client reads the answer rather than a reset.
 */
final class EdgeAnswers {

    private static final Logger log = LoggerFactory.getLogger(EdgeAnswers.class);
    static final Duration LINGER = Duration.ofSeconds(2);

    private final ObjectMapper json;
    private final long maxInitialLine;
    private final long maxHeaders;

    EdgeAnswers(ObjectMapper json, long maxInitialLine, long maxHeaders) {
        this.json = json;
        this.maxInitialLine = maxInitialLine;
        this.maxHeaders = maxHeaders;
    }

    private record Refusal(HttpResponseStatus status, String message) {}

    /** Answers the refused head on {@code ctx}, a context after the HTTP codec, and closes. */
    void refuse(ChannelHandlerContext ctx, Throwable cause) {
        Refusal refusal = refusalFor(cause);
        log.debug(
                "Refused a request head from {} with {}: {}",
                ctx.channel().remoteAddress(),
                refusal.status().code(),
                cause.toString());
        String requestId = UUID.randomUUID().toString();
        byte[] body = json.writeValueAsBytes(
                Envelope.error(ErrorCode.VALIDATION_ERROR.name(), refusal.message(), Map.of(), requestId));
        FullHttpResponse response =
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, refusal.status(), Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                .set(RequestIds.HEADER, requestId);
        ctx.writeAndFlush(response).addListener(written -> closeGently(ctx.channel(), written.isSuccess()));
    }

    private Refusal refusalFor(Throwable cause) {
        return switch (cause) {
            case TooLongHttpLineException e ->
                new Refusal(
                        HttpResponseStatus.REQUEST_URI_TOO_LONG,
                        "The request line (method, path and query) is longer than " + Sizes.describe(maxInitialLine));
            case TooLongHttpHeaderException e ->
                new Refusal(
                        HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                        "The request headers are larger than " + Sizes.describe(maxHeaders) + " in all");
            default -> new Refusal(HttpResponseStatus.BAD_REQUEST, "The request is not valid HTTP/1.1" + reason(cause));
        };
    }

    /** The decoder's own words (they name the offending character), printable ASCII only. */
    private static String reason(Throwable cause) {
        String message = cause.getMessage();
        if (message == null || message.isBlank()) {
            return "";
        }
        String printable = message.replaceAll("[^\\x20-\\x7E]", "?").strip();
        return ": " + (printable.length() > 200 ? printable.substring(0, 200) + "..." : printable);
    }

    private static void closeGently(Channel channel, boolean written) {
        if (!written || !(channel instanceof DuplexChannel duplex) || !channel.isActive()) {
            channel.close();
            return;
        }
        duplex.shutdownOutput();
        // the client closes on reading the end of the answer; whatever it sends meanwhile is dropped
        channel.config().setAutoRead(true);
        channel.eventLoop().schedule(() -> channel.close(), LINGER.toMillis(), TimeUnit.MILLISECONDS);
    }
}
