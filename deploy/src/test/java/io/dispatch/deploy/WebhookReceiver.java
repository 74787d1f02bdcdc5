package io.dispatch.deploy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A merchant's webhook endpoint on 127.0.0.1 that keeps every request it receives. */
final class WebhookReceiver implements AutoCloseable {

  record Received(Map<String, List<String>> headers, byte[] body, long receivedAtNanos) {
    String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().getFirst())
          .findFirst()
          .orElse(null);
    }
  }

  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();

  WebhookReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/hooks", exchange -> {
      byte[] body = exchange.getRequestBody().readAllBytes();
      received.add(new Received(Map.copyOf(exchange.getRequestHeaders()), body, System.nanoTime()));
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
  }

  List<Received> received() {
    return received;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
