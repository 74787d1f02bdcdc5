import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Webhook figures against a running dispatch (bench/webhooks.sh starts one).
 *
 *   java bench/WebhookBench.java throughput <baseUrl> <adminToken> <merchants> <bulksPerMerchant> <answerDelayMs>
 *     Each merchant's endpoint is a path of one receiver on 127.0.0.1 answering 200 after answerDelayMs. The
 *     merchants bulk-create merchants × bulks × 500 deliveries at once; prints the rate from the first to the
 *     last webhook, the peak backlog (pending notifications) and, when a backlog was left when creation ended,
 *     the rate at which it drained.
 *
 *   java bench/WebhookBench.java latency <baseUrl> <adminToken> <createsPerSecond> <seconds>
 *     Open loop: creates at a fixed rate (one merchant, 30 API keys so the per-key rate limit is not hit) and
 *     measures from sending each POST to the receiver getting its dispatch.created.
 */
public class WebhookBench {

  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  static final String ORDER = """
      {"customerName":"Bench","customerPhone":"+254700000001","pickup":{"address":"A","lat":-1.2841,"lng":36.8155},
       "dropoff":{"address":"B","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""";

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "throughput" -> throughput(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]),
          Integer.parseInt(args[5]));
      case "latency" -> latency(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]));
      default -> throw new IllegalArgumentException(args[0]);
    }
  }

  static void throughput(String base, String admin, int merchants, int bulks, int delayMs) throws Exception {
    AtomicInteger received = new AtomicInteger();
    AtomicLong first = new AtomicLong();
    AtomicLong last = new AtomicLong();
    HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1000);
    receiver.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    long total = (long) merchants * bulks * 500;
    CountDownLatch allArrived = new CountDownLatch((int) total);
    // the slow receiver answers from a scheduler after delayMs, holding no thread meanwhile
    ScheduledExecutorService answers = Executors.newSingleThreadScheduledExecutor();
    receiver.createContext("/m", exchange -> {
      exchange.getRequestBody().readAllBytes();
      Runnable answer = () -> {
        try {
          exchange.sendResponseHeaders(200, -1);
        } catch (java.io.IOException e) {
          return;
        } finally {
          exchange.close();
        }
        long now = System.nanoTime();
        first.compareAndSet(0, now);
        last.set(now);
        received.incrementAndGet();
        allArrived.countDown();
      };
      if (delayMs > 0) {
        answers.schedule(answer, delayMs, TimeUnit.MILLISECONDS);
      } else {
        answer.run();
      }
    });
    receiver.start();
    int port = receiver.getAddress().getPort();

    StringBuilder orders = new StringBuilder("{\"orders\":[");
    for (int i = 0; i < 500; i++) {
      orders.append(i == 0 ? "" : ",").append(ORDER);
    }
    String bulk = orders.append("]}").toString();
    List<String> keys = new ArrayList<>();
    for (int m = 0; m < merchants; m++) {
      String merchantId = field(call(base, "POST", "/api/v1/admin/merchants", Map.of("X-Admin-Token", admin),
          "{\"name\":\"bench-" + m + "\"}"), "id");
      keys.add(field(call(base, "POST", "/api/v1/admin/merchants/" + merchantId + "/api-keys",
          Map.of("X-Admin-Token", admin), "{}"), "apiKey"));
      call(base, "PUT", "/api/v1/admin/merchants/" + merchantId + "/webhook", Map.of("X-Admin-Token", admin),
          "{\"url\":\"http://127.0.0.1:" + port + "/m/" + m + "\"}");
    }
    // the merchants create at once, each its bulks one after another; the backlog builds when the
    // dispatcher is slower than creation, and the figure that counts is how fast it drains
    long createStart = System.nanoTime();
    AtomicLong peakPending = new AtomicLong();
    ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
    sampler.scheduleAtFixedRate(() -> {
      try {
        peakPending.accumulateAndGet(pending(base, admin), Math::max);
      } catch (Exception ignored) {
        // a sample lost is no figure lost
      }
    }, 0, 250, TimeUnit.MILLISECONDS);
    try (var creators = Executors.newVirtualThreadPerTaskExecutor()) {
      for (String key : keys) {
        creators.submit(() -> {
          for (int b = 0; b < bulks; b++) {
            call(base, "POST", "/api/v1/external/dispatches/bulk",
                Map.of("X-API-Key", key, "Idempotency-Key", UUID.randomUUID().toString()), bulk);
          }
          return null;
        });
      }
    }
    long created = System.nanoTime();
    int receivedAtCreated = received.get();
    if (!allArrived.await(10, TimeUnit.MINUTES)) {
      throw new IllegalStateException("only " + received.get() + " of " + total + " arrived");
    }
    answers.shutdownNow();
    sampler.shutdownNow();
    receiver.stop(0);
    double createSeconds = (created - createStart) / 1e9;
    double window = (last.get() - first.get()) / 1e9;
    double drain = (last.get() - created) / 1e9;
    System.out.printf("throughput: %d notifications to %d endpoints answering 200 after %d ms%n", total, merchants,
        delayMs);
    System.out.printf("  created in %.1f s (%.0f deliveries/s); first to last webhook %.1f s = %.0f notifications/s;"
        + " peak backlog %d%n", createSeconds, total / createSeconds, window, total / window, peakPending.get());
    if (received.get() > receivedAtCreated && drain > 0.5) {
      System.out.printf("  after creation ended: %d notifications drained in %.1f s = %.0f notifications/s%n",
          total - receivedAtCreated, drain, (total - receivedAtCreated) / drain);
    }
  }

  static long pending(String base, String admin) throws Exception {
    String stats = call(base, "GET", "/api/v1/admin/webhooks/stats", Map.of("X-Admin-Token", admin), null);
    return Long.parseLong(number(stats, "pending"));
  }

  static void latency(String base, String admin, int rate, int seconds) throws Exception {
    Map<String, Long> arrivals = new ConcurrentHashMap<>();
    int count = rate * seconds;
    CountDownLatch allArrived = new CountDownLatch(count);
    HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1000);
    receiver.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    receiver.createContext("/hook", exchange -> {
      long now = System.nanoTime();
      String body = new String(exchange.getRequestBody().readAllBytes());
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
      if (body.contains("\"dispatch.created\"") && arrivals.putIfAbsent(field(body, "dispatch_id"), now) == null) {
        allArrived.countDown();
      }
    });
    receiver.start();
    String merchantId = field(call(base, "POST", "/api/v1/admin/merchants", Map.of("X-Admin-Token", admin),
        "{\"name\":\"latency\"}"), "id");
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      keys.add(field(call(base, "POST", "/api/v1/admin/merchants/" + merchantId + "/api-keys",
          Map.of("X-Admin-Token", admin), "{}"), "apiKey"));
    }
    call(base, "PUT", "/api/v1/admin/merchants/" + merchantId + "/webhook", Map.of("X-Admin-Token", admin),
        "{\"url\":\"http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook\"}");

    Map<Integer, String> ids = new ConcurrentHashMap<>();
    Map<Integer, Long> sentAt = new ConcurrentHashMap<>();
    AtomicInteger failures = new AtomicInteger();
    ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
    var senders = Executors.newVirtualThreadPerTaskExecutor();
    CountDownLatch done = new CountDownLatch(count);
    long periodNanos = 1_000_000_000L / rate;
    AtomicInteger next = new AtomicInteger();
    clock.scheduleAtFixedRate(() -> {
      int i = next.getAndIncrement();
      if (i >= count) {
        return;
      }
      senders.execute(() -> {
        try {
          long start = System.nanoTime();
          sentAt.put(i, start);
          ids.put(i, field(call(base, "POST", "/api/v1/external/dispatches", Map.of("X-API-Key",
              keys.get(i % keys.size()), "Idempotency-Key", UUID.randomUUID().toString()), ORDER), "id"));
        } catch (Exception e) {
          failures.incrementAndGet();
        } finally {
          done.countDown();
        }
      });
    }, 0, periodNanos, TimeUnit.NANOSECONDS);
    done.await(seconds + 60L, TimeUnit.SECONDS);
    clock.shutdownNow();
    // every created delivery's webhook, or a minute more at most (the report counts the missing)
    allArrived.await(60, TimeUnit.SECONDS);
    receiver.stop(0);
    List<Double> latencies = new ArrayList<>();
    int warmUp = rate * 2; // the first two seconds warm up connections and JIT
    ids.forEach((i, id) -> {
      Long arrived = arrivals.get(id);
      if (i >= warmUp && arrived != null) {
        latencies.add((arrived - sentAt.get(i)) / 1e6);
      }
    });
    long missing = ids.values().stream().filter(id -> !arrivals.containsKey(id)).count();
    System.out.printf("latency: %d creates at %d/s (first %d as warm-up), %d create failures, %d webhooks missing%n",
        count, rate, warmUp, failures.get(), missing);
    System.out.printf("create->webhook p50 %.1f ms  p99 %.1f ms  max %.1f ms%n",
        pct(latencies, 50), pct(latencies, 99), pct(latencies, 100));
  }

  static double pct(List<Double> values, int p) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  static String call(String base, String method, String path, Map<String, String> headers, String body)
      throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    headers.forEach(request::header);
    HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() >= 300) {
      throw new IllegalStateException(method + " " + path + " -> " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  static String field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
    if (!m.find()) {
      throw new IllegalStateException("no " + name + " in " + json);
    }
    return m.group(1);
  }

  static String number(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*(\\d+)").matcher(json);
    if (!m.find()) {
      throw new IllegalStateException("no " + name + " in " + json);
    }
    return m.group(1);
  }
}
