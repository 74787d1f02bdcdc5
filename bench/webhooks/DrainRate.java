package webhooks;

import com.sun.net.httpserver.HttpServer;
import common.Merchants;
import common.WebhookReceivers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The webhook drain rate: merchants × bulks × 500 notifications to endpoints answering 200 after a
 * delay, from the first webhook to the last, with the peak backlog and the rate it drained at.
 */
final class DrainRate {

    private DrainRate() {}

    static void run(String base, String admin, int merchants, int bulks, int delayMs) throws Exception {
        Bench bench = new Bench(base, admin);
        AtomicInteger received = new AtomicInteger();
        AtomicLong first = new AtomicLong();
        AtomicLong last = new AtomicLong();
        HttpServer receiver = WebhookReceivers.create();
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

        String bulk = "{\"orders\":[" + String.join(",", Collections.nCopies(500, Bench.ORDER)) + "]}";
        List<String> keys = new ArrayList<>();
        for (int m = 0; m < merchants; m++) {
            Merchants.Merchant merchant = bench.merchant("bench-" + m, 1);
            keys.add(merchant.keys().get(0));
            bench.setWebhook(merchant, "http://127.0.0.1:" + port + "/m/" + m);
        }
        // the merchants create at once, each its bulks one after another; the backlog builds when the
        // dispatcher is slower than creation, and the figure that counts is how fast it drains
        long createStart = System.nanoTime();
        AtomicLong peakPending = new AtomicLong();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(
                () -> {
                    try {
                        peakPending.accumulateAndGet(pending(bench), Math::max);
                    } catch (Exception ignored) {
                        // a sample lost is no figure lost
                    }
                },
                0,
                250,
                TimeUnit.MILLISECONDS);
        try (var creators = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String key : keys) {
                creators.submit(() -> {
                    for (int b = 0; b < bulks; b++) {
                        bench.call(
                                "POST",
                                "/api/v1/external/dispatches/bulk",
                                Map.of(
                                        "X-API-Key",
                                        key,
                                        "Idempotency-Key",
                                        UUID.randomUUID().toString()),
                                bulk);
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
        System.out.printf(
                "throughput: %d notifications to %d endpoints answering 200 after %d ms%n", total, merchants, delayMs);
        System.out.printf(
                "  created in %.1f s (%.0f deliveries/s); first to last webhook %.1f s = %.0f notifications/s;"
                        + " peak backlog %d%n",
                createSeconds, total / createSeconds, window, total / window, peakPending.get());
        if (received.get() > receivedAtCreated && drain > 0.5) {
            System.out.printf(
                    "  after creation ended: %d notifications drained in %.1f s = %.0f notifications/s%n",
                    total - receivedAtCreated, drain, (total - receivedAtCreated) / drain);
        }
    }

    /** Notifications not yet delivered, by the admin API's webhook stats. */
    static long pending(Bench bench) throws Exception {
        String stats = bench.call("GET", "/api/v1/admin/webhooks/stats", Map.of("X-Admin-Token", bench.admin()), null);
        Matcher m = Pattern.compile("\"pending\"\\s*:\\s*(\\d+)").matcher(stats);
        if (!m.find()) {
            throw new IllegalStateException("no pending in " + stats);
        }
        return Long.parseLong(m.group(1));
    }
}
