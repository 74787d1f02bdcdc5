package webhooks;

import com.sun.net.httpserver.HttpServer;
import common.BenchHttp;
import common.Merchants;
import common.Percentiles;
import common.WebhookReceivers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Create to webhook: creates at a fixed rate (open loop, one merchant, 30 API keys so the per-key
 * rate limit is not hit), each timed from sending its POST to its dispatch.created at the receiver.
 */
final class CreateLatency {

    private CreateLatency() {}

    static void run(String base, String admin, int rate, int seconds) throws Exception {
        Bench bench = new Bench(base, admin);
        Map<String, Long> arrivals = new ConcurrentHashMap<>();
        int count = rate * seconds;
        CountDownLatch allArrived = new CountDownLatch(count);
        HttpServer receiver = WebhookReceivers.onCreated("/hook", (id, now) -> {
            if (arrivals.putIfAbsent(id, now) == null) {
                allArrived.countDown();
            }
        });
        Merchants.Merchant merchant = bench.merchant("latency", 30);
        List<String> keys = merchant.keys();
        bench.setWebhook(merchant, "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook");

        Map<Integer, String> ids = new ConcurrentHashMap<>();
        Map<Integer, Long> sentAt = new ConcurrentHashMap<>();
        AtomicInteger failures = new AtomicInteger();
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
        var senders = Executors.newVirtualThreadPerTaskExecutor();
        CountDownLatch done = new CountDownLatch(count);
        long periodNanos = 1_000_000_000L / rate;
        AtomicInteger next = new AtomicInteger();
        clock.scheduleAtFixedRate(
                () -> {
                    int i = next.getAndIncrement();
                    if (i >= count) {
                        return;
                    }
                    senders.execute(() -> {
                        try {
                            long start = System.nanoTime();
                            sentAt.put(i, start);
                            ids.put(
                                    i,
                                    BenchHttp.field(
                                            bench.call(
                                                    "POST",
                                                    "/api/v1/external/dispatches",
                                                    Map.of(
                                                            "X-API-Key",
                                                            keys.get(i % keys.size()),
                                                            "Idempotency-Key",
                                                            UUID.randomUUID().toString()),
                                                    Bench.ORDER),
                                            "id"));
                        } catch (Exception e) {
                            failures.incrementAndGet();
                        } finally {
                            done.countDown();
                        }
                    });
                },
                0,
                periodNanos,
                TimeUnit.NANOSECONDS);
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
        long missing =
                ids.values().stream().filter(id -> !arrivals.containsKey(id)).count();
        System.out.printf(
                "latency: %d creates at %d/s (first %d as warm-up), %d create failures, %d webhooks missing%n",
                count, rate, warmUp, failures.get(), missing);
        System.out.printf(
                "create->webhook p50 %.1f ms  p99 %.1f ms  max %.1f ms%n",
                Percentiles.of(latencies, 50), Percentiles.of(latencies, 99), Percentiles.of(latencies, 100));
    }
}
