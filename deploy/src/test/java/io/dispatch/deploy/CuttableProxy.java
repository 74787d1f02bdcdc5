package io.dispatch.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder between the browser and the service whose connection can be cut: the browser's
 * "offline" for the page and for its service worker alike (Chromium's network emulation covers the
 * page only; a service worker's own fetches would still reach the service). While cut, every open
 * connection is closed and every new one is closed as soon as it is accepted.
 */
final class CuttableProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int target;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;

    CuttableProxy(int targetPort) {
        this.target = targetPort;
        try {
            this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofVirtual().name("cuttable-proxy").start(this::accept);
    }

    /** The service's base URL through this proxy. */
    String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** Closes every connection and refuses new ones until {@link #restore}. */
    void cut() {
        cut = true;
        open.forEach(CuttableProxy::quietlyClose);
        open.clear();
    }

    void restore() {
        cut = false;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (cut) {
                    quietlyClose(client);
                    continue;
                }
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                open.add(client);
                open.add(upstream);
                Thread.ofVirtual().start(() -> pump(client, upstream));
                Thread.ofVirtual().start(() -> pump(upstream, client));
            } catch (IOException e) {
                // the server socket closed, or the service refused: the next accept tells
            }
        }
    }

    private void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // one side closed (or the proxy cut it): close both
        } finally {
            quietlyClose(from);
            quietlyClose(to);
            open.remove(from);
            open.remove(to);
        }
    }

    private static void quietlyClose(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that is wanted
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        cut();
    }
}
