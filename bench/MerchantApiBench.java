import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The merchant API's figures of issue 3 against a running dispatch:
 *   1. create latency p50/p99 at a sustained open-loop rate (default 100 req/s for 60 s) spread
 *      round-robin over many API keys (default 200 keys of 50 merchants);
 *   2. a bulk create of 500 deliveries: time to the 201, p50 over 10 runs.
 * What the idempotency and rate-limit layers add is no longer measured here: every create and read
 * route runs through both and no setting turns either off (the bench-only bypass that did was
 * removed from the service in issue 38); bench/README.md says where their cost shows instead.
 * Usage: java bench/MerchantApiBench.java <baseUrl> <adminToken> [rate] [seconds] [keys]
 */
public class MerchantApiBench {

  static final HttpClient HTTP = BenchHttp.HTTP;
  static final String ORDER = """
      {"customerName":"Bench","customerPhone":"+254700000001","pickup":{"address":"A","lat":-1.2841,"lng":36.8219},
       "dropoff":{"address":"B","lat":-1.3001,"lng":36.7833},"paymentType":"COD","amountCents":150000}""";

  public static void main(String[] args) throws Exception {
    String base = args[0];
    String admin = args[1];
    int rate = args.length > 2 ? Integer.parseInt(args[2]) : 100;
    int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 60;
    int keyCount = args.length > 4 ? Integer.parseInt(args[4]) : 200;

    List<String> keys = new ArrayList<>();
    for (int m = 0; m < Math.max(1, keyCount / 4); m++) {
      String merchantId = field(call(base, "POST", "/api/v1/admin/merchants", Map.of("X-Admin-Token", admin),
          "{\"name\":\"bench-" + m + "\"}").body(), "id");
      for (int k = 0; k < 4; k++) {
        keys.add(field(call(base, "POST", "/api/v1/admin/merchants/" + merchantId + "/api-keys",
            Map.of("X-Admin-Token", admin), "{}").body(), "apiKey"));
      }
    }
    System.out.printf("%d API keys of %d merchants%n", keys.size(), keys.size() / 4);

    // Warm-up: connections, JIT, caches (not measured).
    for (int i = 0; i < 200; i++) {
      create(base, keys.get(i % keys.size()));
    }

    sustained(base, keys, rate, seconds);
    bulk(base, keys);
  }

  static void sustained(String base, List<String> keys, int rate, int seconds) throws Exception {
    int total = rate * seconds;
    ConcurrentLinkedQueue<Double> latencies = new ConcurrentLinkedQueue<>();
    Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    List<CompletableFuture<?>> inFlight = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger sent = new AtomicInteger();
    ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    long periodNanos = 1_000_000_000L / rate;
    long started = System.nanoTime();
    CompletableFuture<Void> done = new CompletableFuture<>();
    ticker.scheduleAtFixedRate(() -> {
      int n = sent.getAndIncrement();
      if (n >= total) {
        done.complete(null);
        return;
      }
      long start = System.nanoTime();
      inFlight.add(HTTP.sendAsync(createRequest(base, keys.get(n % keys.size())),
              HttpResponse.BodyHandlers.ofString())
          .whenComplete((response, failure) -> {
            latencies.add((System.nanoTime() - start) / 1e6);
            statuses.computeIfAbsent(failure == null ? response.statusCode() : -1, s -> new AtomicInteger())
                .incrementAndGet();
          }));
    }, 0, periodNanos, TimeUnit.NANOSECONDS);
    done.get();
    ticker.shutdownNow();
    CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).exceptionally(e -> null).get();
    double elapsed = (System.nanoTime() - started) / 1e9;
    List<Double> values = new ArrayList<>(latencies);
    System.out.printf("sustained creates: %d at %d req/s over %d keys in %.1f s (achieved %.1f req/s); statuses %s%n",
        total, rate, keys.size(), elapsed, total / elapsed, new TreeMap<>(statuses));
    System.out.printf("  create latency    p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  max %.1f ms%n",
        pct(values, 50), pct(values, 90), pct(values, 99), pct(values, 100));
  }

  static void bulk(String base, List<String> keys) throws Exception {
    StringBuilder body = new StringBuilder("{\"orders\":[");
    for (int i = 0; i < 500; i++) {
      body.append(i == 0 ? "" : ",").append(ORDER.replace("\"Bench\"", "\"Bench " + i + "\""));
    }
    body.append("]}");
    List<Double> times = new ArrayList<>();
    for (int run = 0; run < 11; run++) {
      long start = System.nanoTime();
      HttpResponse<String> response = call(base, "POST", "/api/v1/external/dispatches/bulk",
          Map.of("X-API-Key", keys.get(keys.size() - 1 - run), "Idempotency-Key", UUID.randomUUID().toString()),
          body.toString());
      double ms = (System.nanoTime() - start) / 1e6;
      if (!response.body().contains("\"count\":500")) throw new IllegalStateException("bulk answered " + response.body());
      if (run > 0) times.add(ms); // the first warms up the bulk path
    }
    System.out.printf("bulk of 500: time to the 201 over %d runs  p50 %.0f ms  min %.0f ms  max %.0f ms%n",
        times.size(), pct(times, 50), pct(times, 0), pct(times, 100));
  }

  static Map<String, String> headers(String key) {
    return Map.of("X-API-Key", key, "Idempotency-Key", UUID.randomUUID().toString());
  }

  static HttpRequest createRequest(String base, String key) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/api/v1/external/dispatches"))
        .timeout(Duration.ofSeconds(30))
        .POST(HttpRequest.BodyPublishers.ofString(ORDER)).header("Content-Type", "application/json");
    headers(key).forEach(request::header);
    return request.build();
  }

  static HttpResponse<String> create(String base, String key) throws Exception {
    HttpResponse<String> response = HTTP.send(createRequest(base, key), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 201) throw new IllegalStateException("create -> " + response.statusCode() + " " + response.body());
    return response;
  }

  static double pct(List<Double> values, int p) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  static HttpResponse<String> call(String base, String method, String path, Map<String, String> headers, String body)
      throws Exception {
    return BenchHttp.call(base, method, path, headers, body, Duration.ofSeconds(60));
  }

  static String field(String json, String name) {
    return BenchHttp.field(json, name);
  }
}
