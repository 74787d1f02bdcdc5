package io.dispatch.deploy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Many server-sent event streams over real HTTP from one thread: non-blocking sockets on one
 * selector, as thousands of customers' browsers would hold them. Each viewer only counts the
 * events it reads, so the crowd itself costs the test JVM one thread and little memory.
 */
final class SseCrowd implements AutoCloseable {

    /** What one viewer has read so far. */
    static final class Viewer {
        private final SocketChannel channel;
        private String tail = "";
        volatile int statusEvents;
        volatile int locationEvents;
        volatile boolean ended;

        private Viewer(SocketChannel channel) {
            this.channel = channel;
        }

        private void read(String text) {
            String seen = tail + text;
            statusEvents += count(seen, "event:status") - count(tail, "event:status");
            locationEvents += count(seen, "event:location") - count(tail, "event:location");
            tail = seen.substring(Math.max(0, seen.length() - 16));
        }

        private static int count(String text, String what) {
            int found = 0;
            for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
                found++;
            }
            return found;
        }
    }

    private final InetSocketAddress server;
    private final Selector selector;
    private final List<Viewer> viewers = new ArrayList<>();
    private final Thread reader;
    private volatile boolean open = true;

    SseCrowd(String host, int port) throws IOException {
        server = new InetSocketAddress(host, port);
        selector = Selector.open();
        reader = Thread.ofPlatform().name("sse-crowd").daemon().start(this::readAll);
    }

    /** Opens one more stream of {@code path}; the reading thread takes it from there. */
    Viewer open(String path) throws IOException {
        SocketChannel channel = SocketChannel.open();
        channel.setOption(StandardSocketOptions.SO_RCVBUF, 8192);
        channel.connect(server);
        channel.write(
                ByteBuffer.wrap(("GET " + path + " HTTP/1.1\r\nHost: dispatch\r\nAccept: text/event-stream\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1)));
        channel.configureBlocking(false);
        Viewer viewer = new Viewer(channel);
        synchronized (viewers) {
            viewers.add(viewer);
        }
        selector.wakeup();
        return viewer;
    }

    List<Viewer> viewers() {
        synchronized (viewers) {
            return List.copyOf(viewers);
        }
    }

    private void readAll() {
        ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
        int registered = 0;
        try {
            while (open) {
                synchronized (viewers) {
                    for (; registered < viewers.size(); registered++) {
                        Viewer viewer = viewers.get(registered);
                        viewer.channel.register(selector, SelectionKey.OP_READ, viewer);
                    }
                }
                selector.select(200);
                for (SelectionKey key : selector.selectedKeys()) {
                    Viewer viewer = (Viewer) key.attachment();
                    buffer.clear();
                    int read;
                    try {
                        read = viewer.channel.read(buffer);
                    } catch (IOException reset) {
                        read = -1;
                    }
                    if (read < 0) {
                        viewer.ended = true;
                        key.cancel();
                    } else {
                        viewer.read(new String(buffer.array(), 0, read, StandardCharsets.ISO_8859_1));
                    }
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        open = false;
        selector.wakeup();
        try {
            reader.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Viewer viewer : viewers()) {
            viewer.channel.close();
        }
        selector.close();
    }
}
