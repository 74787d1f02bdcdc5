package common;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/** The merchants' webhook endpoints of a run: one JDK HTTP server on 127.0.0.1, a virtual thread a request. */
public final class WebhookReceivers {

    private WebhookReceivers() {}

    /** A server on a free port, not yet started: the run adds its contexts first. */
    public static HttpServer create() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        return server;
    }
}
