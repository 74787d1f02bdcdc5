package io.dispatch.web.edge;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.netty.NettyPipeline;

/**
 * Guards the head (request line and headers) of each request on one connection. Reactor Netty
 * times the wait for a request (idle timeout) and the body (request timeout), but not the head:
 * a client sending one header byte a second keeps the idle timer from firing and never reaches
 * the body. Here the clock starts at the first byte of a request and stops when the decoder has
 * the whole head; past {@code headerTimeout} the connection is closed. A head the decoder
 * refuses is answered in the envelope by {@link EdgeAnswers}.
 *
 * <p>Two handlers share the state: one before the codec sees bytes arrive, one after it sees the
 * decoded head and the end of the body. All of it runs on the connection's event loop.
 */
final class RequestHeadGuard {

    private static final Logger log = LoggerFactory.getLogger(RequestHeadGuard.class);

    private enum Phase {
        BETWEEN_REQUESTS,
        HEAD,
        BODY,
        REFUSED
    }

    private final Duration headerTimeout;
    private final EdgeAnswers answers;
    private Phase phase = Phase.BETWEEN_REQUESTS;
    private ScheduledFuture<?> deadline;

    private RequestHeadGuard(Duration headerTimeout, EdgeAnswers answers) {
        this.headerTimeout = headerTimeout;
        this.answers = answers;
    }

    /** Installs the guard around the HTTP/1.1 codec of a new connection (none without one). */
    static void install(ChannelPipeline pipeline, Duration headerTimeout, EdgeAnswers answers) {
        if (pipeline.get(NettyPipeline.HttpCodec) == null) {
            return;
        }
        RequestHeadGuard guard = new RequestHeadGuard(headerTimeout, answers);
        pipeline.addBefore(NettyPipeline.HttpCodec, "dispatch.requestHeadStart", guard.new Start());
        pipeline.addAfter(NettyPipeline.HttpCodec, "dispatch.requestHead", guard.new Head());
    }

    private void stopClock() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    /** Starts the clock when the first byte of a request arrives. */
    private final class Start extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (phase == Phase.BETWEEN_REQUESTS && msg instanceof ByteBuf bytes && bytes.isReadable()) {
                phase = Phase.HEAD;
                deadline = ctx.executor().schedule(() -> expire(ctx), headerTimeout.toMillis(), TimeUnit.MILLISECONDS);
            }
            ctx.fireChannelRead(msg);
        }

        private void expire(ChannelHandlerContext ctx) {
            if (phase == Phase.HEAD) {
                log.debug(
                        "Closed a connection from {}: no complete request head within {}",
                        ctx.channel().remoteAddress(),
                        headerTimeout);
                ctx.channel().close();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            stopClock();
            ctx.fireChannelInactive();
        }
    }

    /** Stops the clock at the decoded head, answers a refused one, and notes the end of the body. */
    private final class Head extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (phase == Phase.REFUSED) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (msg instanceof HttpRequest request) {
                stopClock();
                Throwable refused = request.decoderResult().isFailure()
                        ? request.decoderResult().cause()
                        : unusable(request);
                if (refused != null) {
                    phase = Phase.REFUSED;
                    ReferenceCountUtil.release(msg);
                    answers.refuse(ctx, refused);
                    return;
                }
                phase = Phase.BODY;
            }
            if (msg instanceof LastHttpContent && phase == Phase.BODY) {
                phase = Phase.BETWEEN_REQUESTS;
            }
            ctx.fireChannelRead(msg);
        }
    }

    /**
     * A head the codec took but the server cannot serve, which Reactor Netty or Spring would refuse
     * with a bare 400: a version other than HTTP/1.0 or 1.1, or a target that is no URI (a lone
     * {@code %}, {@code %zz}).
     */
    private static Throwable unusable(HttpRequest request) {
        HttpVersion version = request.protocolVersion();
        if (version.majorVersion() != 1 || version.minorVersion() > 1) {
            return new IllegalArgumentException("HTTP version " + version.text() + " is not served here");
        }
        try {
            new java.net.URI(request.uri());
            return null;
        } catch (java.net.URISyntaxException e) {
            return new IllegalArgumentException("the request target is not a valid URI (check its %-escapes)");
        }
    }
}
