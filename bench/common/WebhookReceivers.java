package common;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.function.ObjLongConsumer;

/** The merchants' webhook endpoints of a run: one JDK HTTP server on 127.0.0.1, a virtual thread a request. */
public final class WebhookReceivers {

    private WebhookReceivers() {}

    /** A server on a free port, not yet started: the run adds its contexts first. */
    public static HttpServer create() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        return server;
    }

    /**
     * A started server whose {@code path} answers 200 at once and hands every dispatch.created it
     * receives to {@code onCreated}: the delivery's id and the time it arrived ({@link System#nanoTime()}).
     */
    public static HttpServer onCreated(String path, ObjLongConsumer<String> onCreated) throws IOException {
        HttpServer server = create();
        server.createContext(path, exchange -> {
            long now = System.nanoTime();
            String body = new String(exchange.getRequestBody().readAllBytes());
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
            if (body.contains("\"dispatch.created\"")) {
                onCreated.accept(BenchHttp.field(body, "dispatch_id"), now);
            }
        });
        server.start();
        return server;
    }
}
