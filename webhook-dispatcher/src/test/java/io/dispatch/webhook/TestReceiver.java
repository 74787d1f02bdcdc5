package io.dispatch.webhook;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A merchant endpoint on 127.0.0.1 that keeps every request and answers what the test says:
 * by default 200, or per request from {@link #answer}.
 */
final class TestReceiver implements AutoCloseable {

  record Received(Map<String, List<String>> headers, byte[] body, long atNanos) {
    String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().getFirst())
          .findFirst()
          .orElse(null);
    }

    String eventId() {
      return header("X-Dispatch-Event-Id");
    }
  }

  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final Map<String, AtomicInteger> perEvent = new ConcurrentHashMap<>();
  private volatile Function<Received, Integer> answer = r -> 200;
  private volatile String retryAfter;

  TestReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/hooks", exchange -> {
      Received request = new Received(Map.copyOf(exchange.getRequestHeaders()),
          exchange.getRequestBody().readAllBytes(), System.nanoTime());
      received.add(request);
      perEvent.computeIfAbsent(request.eventId(), id -> new AtomicInteger()).incrementAndGet();
      int status = answer.apply(request);
      if (status >= 300 && status < 400) {
        exchange.getResponseHeaders().add("Location", url() + "/elsewhere");
      }
      if ((status == 429 || status == 503) && retryAfter != null) {
        exchange.getResponseHeaders().add("Retry-After", retryAfter);
      }
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
    });
    server.start();
  }

  /** Answers 503 to the first {@code failures} requests of each event id, then 200. */
  TestReceiver failingFirst(int failures) {
    answer = r -> perEvent.get(r.eventId()).get() <= failures ? 503 : 200;
    return this;
  }

  TestReceiver answering(Function<Received, Integer> answer) {
    this.answer = answer;
    return this;
  }

  /** The Retry-After sent with every 429 and 503 from now on (null: none). */
  TestReceiver retryAfter(String value) {
    this.retryAfter = value;
    return this;
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
  }

  List<Received> received() {
    return received;
  }

  int requestsFor(String eventId) {
    AtomicInteger count = perEvent.get(eventId);
    return count == null ? 0 : count.get();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
