package io.dispatch.web.edge;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.LastHttpContent;
import reactor.netty.NettyPipeline;

/**
 * Asks for the next read of a connection whenever a response on it is complete. Reactor Netty reads a connection
 * only on demand, and 1.3.7 can forget to ask: a request that arrives while the one before it is still being
 * answered is queued, and when the queued request is answered at once, nothing asks for the next read
 * (reactor/reactor-netty#4347 and #4361, fixed after 1.3.7). The next request on that keep-alive connection is then
 * never read and its client waits until it gives up ({@code QueuedKeepAliveTest}). The read is asked for after the
 * task that wrote the response, through the whole pipeline, so Reactor Netty's own limit on queued requests still
 * holds; when Reactor Netty asked already, a second request for the same read changes nothing. Remove it once the
 * Reactor Netty that Spring Boot brings has the fix.
 */
final class ReadAfterResponse extends ChannelOutboundHandlerAdapter {

    private ReadAfterResponse() {}

    /** Installs it after the HTTP/1.1 codec of a new connection (none without one). */
    static void install(ChannelPipeline pipeline) {
        if (pipeline.get(NettyPipeline.HttpCodec) == null) {
            return;
        }
        pipeline.addAfter(NettyPipeline.HttpCodec, "dispatch.readAfterResponse", new ReadAfterResponse());
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        boolean last = msg instanceof LastHttpContent;
        ctx.write(msg, promise);
        if (last) {
            Channel channel = ctx.channel();
            channel.eventLoop().execute(() -> {
                if (channel.isActive()) {
                    channel.read();
                }
            });
        }
    }
}
