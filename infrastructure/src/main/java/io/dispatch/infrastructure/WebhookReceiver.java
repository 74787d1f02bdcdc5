package io.dispatch.infrastructure;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * For tests: a merchant's webhook endpoint on 127.0.0.1, the one every module's tests use. It
 * keeps every request (headers, body, arrival time, the status it answered) and answers 204 at
 * once unless told otherwise: another status, a status per request, 503 to the first tries of each
 * event, or after a delay. Its accessors read the live state, so tests wait on them with
 * Awaitility ({@code await().until(() -> receiver.received().size() == 3)}).
 */
public final class WebhookReceiver implements AutoCloseable {

    /** The header naming the notification a request delivers (the same on each retry). */
    public static final String EVENT_ID_HEADER = "X-Dispatch-Event-Id";

    /** One request as it arrived, and the status it was answered with. */
    public record Received(Map<String, List<String>> headers, byte[] body, long atNanos, int status) {

        /** The first value of a header, whatever its case; null when absent. */
        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().getFirst())
                    .findFirst()
                    .orElse(null);
        }

        public String eventId() {
            return header(EVENT_ID_HEADER);
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> perEvent = new ConcurrentHashMap<>();
    private final AtomicInteger holding = new AtomicInteger();
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile Function<Received, Integer> answer = request -> 204;
    private volatile Duration delay = Duration.ZERO;
    private volatile String retryAfter;
    private volatile byte[] body;

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/hooks", this::handle);
        server.start();
    }

    /** Answers every request with this status from now on. */
    public WebhookReceiver answering(int status) {
        return answering(request -> status);
    }

    /** Answers each request with the status this gives it (its arrival, status not yet set). */
    public WebhookReceiver answering(Function<Received, Integer> status) {
        this.answer = status;
        return this;
    }

    /** Answers {@code status} to the first {@code failures} requests of each event id, then 204. */
    public WebhookReceiver failingFirst(int failures, int status) {
        return answering(
                request -> perEvent.get(String.valueOf(request.eventId())).get() <= failures ? status : 204);
    }

    /** Answers 503 to the first {@code failures} requests of each event id, then 204. */
    public WebhookReceiver failingFirst(int failures) {
        return failingFirst(failures, 503);
    }

    /** Holds every answer from now on this long (a slow endpoint); close() lets the held ones go. */
    public WebhookReceiver delaying(Duration delay) {
        this.delay = delay;
        return this;
    }

    /** The body sent with every answer from now on (null: none). */
    public WebhookReceiver answeringBody(byte[] body) {
        this.body = body;
        return this;
    }

    /** The Retry-After sent with every 429 and 503 from now on (null: none). */
    public WebhookReceiver retryAfter(String value) {
        this.retryAfter = value;
        return this;
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    /** Every request answered so far, oldest first. */
    public List<Received> received() {
        return List.copyOf(received);
    }

    /** Requests that arrived and are still waiting for their answer ({@link #delaying}). */
    public int holding() {
        return holding.get();
    }

    /** How many requests carried this event id (the first try and every retry). */
    public int requestsFor(String eventId) {
        AtomicInteger count = perEvent.get(eventId);
        return count == null ? 0 : count.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Received arrival = new Received(
                    Map.copyOf(exchange.getRequestHeaders()),
                    exchange.getRequestBody().readAllBytes(),
                    System.nanoTime(),
                    0);
            perEvent.computeIfAbsent(String.valueOf(arrival.eventId()), id -> new AtomicInteger())
                    .incrementAndGet();
            int status = answer.apply(arrival);
            hold();
            if (status >= 300 && status < 400) {
                exchange.getResponseHeaders().add("Location", url() + "/elsewhere");
            }
            if ((status == 429 || status == 503) && retryAfter != null) {
                exchange.getResponseHeaders().add("Retry-After", retryAfter);
            }
            received.add(new Received(arrival.headers(), arrival.body(), arrival.atNanos(), status));
            byte[] answerBody = body;
            exchange.sendResponseHeaders(status, answerBody == null ? -1 : answerBody.length);
            if (answerBody != null) {
                exchange.getResponseBody().write(answerBody);
            }
        }
    }

    /** Waits out the delay (a virtual thread each, so held requests cost nothing) or the close. */
    private void hold() {
        Duration wait = delay;
        if (wait.isZero()) {
            return;
        }
        holding.incrementAndGet();
        try {
            closed.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            holding.decrementAndGet();
        }
    }

    /** Stops listening and drops every connection: requests still held fail at their sender. */
    @Override
    public void close() {
        server.stop(0);
        closed.countDown();
        threads.shutdownNow();
    }
}
