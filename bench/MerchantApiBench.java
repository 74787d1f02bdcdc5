import common.BenchHttp;
import common.Merchants;
import common.Orders;
import common.Percentiles;
import java.net.http.HttpClient;
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

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String admin = args[1];
        int rate = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 60;
        int keyCount = args.length > 4 ? Integer.parseInt(args[4]) : 200;

        List<String> keys = Merchants.keys(base, admin, keyCount);
        System.out.printf("%d API keys of %d merchants%n", keys.size(), keys.size() / Merchants.KEYS_EACH);

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
        ticker.scheduleAtFixedRate(
                () -> {
                    int n = sent.getAndIncrement();
                    if (n >= total) {
                        done.complete(null);
                        return;
                    }
                    long start = System.nanoTime();
                    inFlight.add(HTTP.sendAsync(
                                    Orders.createRequest(base, keys.get(n % keys.size())),
                                    HttpResponse.BodyHandlers.ofString())
                            .whenComplete((response, failure) -> {
                                latencies.add((System.nanoTime() - start) / 1e6);
                                statuses.computeIfAbsent(
                                                failure == null ? response.statusCode() : -1, s -> new AtomicInteger())
                                        .incrementAndGet();
                            }));
                },
                0,
                periodNanos,
                TimeUnit.NANOSECONDS);
        done.get();
        ticker.shutdownNow();
        CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new))
                .exceptionally(e -> null)
                .get();
        double elapsed = (System.nanoTime() - started) / 1e9;
        List<Double> values = new ArrayList<>(latencies);
        System.out.printf(
                "sustained creates: %d at %d req/s over %d keys in %.1f s (achieved %.1f req/s); statuses %s%n",
                total, rate, keys.size(), elapsed, total / elapsed, new TreeMap<>(statuses));
        System.out.printf(
                "  create latency    p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  max %.1f ms%n",
                Percentiles.of(values, 50),
                Percentiles.of(values, 90),
                Percentiles.of(values, 99),
                Percentiles.of(values, 100));
    }

    static void bulk(String base, List<String> keys) throws Exception {
        String body = Orders.bulk(500);
        List<Double> times = new ArrayList<>();
        for (int run = 0; run < 11; run++) {
            long start = System.nanoTime();
            HttpResponse<String> response = BenchHttp.call(
                    base,
                    "POST",
                    "/api/v1/external/dispatches/bulk",
                    Map.of(
                            "X-API-Key",
                            keys.get(keys.size() - 1 - run),
                            "Idempotency-Key",
                            UUID.randomUUID().toString()),
                    body,
                    Duration.ofSeconds(60));
            double ms = (System.nanoTime() - start) / 1e6;
            if (!response.body().contains("\"count\":500"))
                throw new IllegalStateException("bulk answered " + response.body());
            if (run > 0) times.add(ms); // the first warms up the bulk path
        }
        System.out.printf(
                "bulk of 500: time to the 201 over %d runs  p50 %.0f ms  min %.0f ms  max %.0f ms%n",
                times.size(), Percentiles.of(times, 50), Percentiles.of(times, 0), Percentiles.of(times, 100));
    }

    static HttpResponse<String> create(String base, String key) throws Exception {
        HttpResponse<String> response =
                HTTP.send(Orders.createRequest(base, key), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201)
            throw new IllegalStateException("create -> " + response.statusCode() + " " + response.body());
        return response;
    }
}
