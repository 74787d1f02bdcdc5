package throughput;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import common.Merchants;
import common.WebhookReceivers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * G6: a backlog of notifications drained to many endpoints, answering at once or after a delay,
 * some of them dead (never answering, or dropping the connection unanswered). The backlog is held
 * ({@link HeldBacklog}): every endpoint is disabled while the deliveries are created, then all are
 * enabled at once, so the rate is the dispatcher's over a real backlog. Until issue 37 the endpoints
 * took notifications while the deliveries were still being created, and the figure was the bulk
 * creation's rate (most of the backlog was delivered before creation ended).
 */
final class WebhookDrain {

    private WebhookDrain() {}

    static void run(Harness run) throws Exception {
        int endpoints = run.i("endpoints", 100);
        int per = run.i("per", 200);
        int delay = run.i("delay", 0);
        int window = run.i("window", 30);
        double deadShare = run.d("dead");
        String deadMode = run.text("deadmode", "hang");
        int dead = (int) Math.round(endpoints * deadShare);
        AtomicIntegerArray healthyPerSecond = new AtomicIntegerArray(3600);
        AtomicInteger healthy = new AtomicInteger();
        AtomicInteger deadHits = new AtomicInteger();
        long t0 = System.nanoTime();
        AtomicBoolean refusing = new AtomicBoolean(true); // 410 to every endpoint until the backlog is made
        ScheduledExecutorService answers = Executors.newScheduledThreadPool(2);
        HttpServer server = WebhookReceivers.create();
        server.createContext("/ok", exchange -> {
            exchange.getRequestBody().readAllBytes();
            if (gone(exchange, refusing)) return;
            Runnable answer = () -> {
                try {
                    exchange.sendResponseHeaders(200, -1);
                } catch (IOException e) {
                    return;
                } finally {
                    exchange.close();
                }
                healthy.incrementAndGet();
                healthyPerSecond.incrementAndGet((int) Math.min(3599, (System.nanoTime() - t0) / 1_000_000_000L));
            };
            if (delay > 0) answers.schedule(answer, delay, TimeUnit.MILLISECONDS);
            else answer.run();
        });
        List<HttpExchange> hung = Collections.synchronizedList(new ArrayList<>());
        server.createContext(
                "/hang",
                exchange -> { // never answers: the dispatcher's timeout ends it
                    exchange.getRequestBody().readAllBytes();
                    if (gone(exchange, refusing)) return;
                    deadHits.incrementAndGet();
                    hung.add(exchange);
                });
        server.createContext(
                "/drop",
                exchange -> { // closes the connection unanswered, as a closed port fails at once
                    exchange.getRequestBody().readAllBytes();
                    if (gone(exchange, refusing)) return;
                    deadHits.incrementAndGet();
                    exchange.close();
                });
        server.start();
        int port = server.getAddress().getPort();
        List<Merchants.Merchant> merchants = new ArrayList<>();
        for (int e = 0; e < endpoints; e++) {
            Merchants.Merchant m = run.merchant("drain-" + e, 1);
            boolean isDead = e < dead;
            String url = "http://127.0.0.1:" + port + (!isDead ? "/ok/" : deadMode.equals("refuse") ? "/drop/" : "/hang/") + e;
            run.setWebhook(m, url);
            merchants.add(m);
        }
        AtomicLong maxRss = new AtomicLong();
        AtomicLong maxHeap = new AtomicLong();
        AtomicLong maxPending = new AtomicLong();
        List<double[]> memory = Collections.synchronizedList(new ArrayList<>());
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(
                () -> {
                    long rss = run.service.rssMb();
                    long heap = run.heapMb();
                    maxRss.accumulateAndGet(rss, Math::max);
                    maxHeap.accumulateAndGet(heap, Math::max);
                    try {
                        String stats = run.call(
                                        "GET", "/api/v1/admin/webhooks/stats", Map.of("X-Admin-Token", run.admin), null)
                                .body();
                        Matcher p =
                                Pattern.compile("\"pending\"\\s*:\\s*(\\d+)").matcher(stats);
                        if (p.find()) maxPending.accumulateAndGet(Long.parseLong(p.group(1)), Math::max);
                    } catch (Exception ignored) {
                        // a lost sample
                    }
                    memory.add(new double[] {(System.nanoTime() - t0) / 1e9, rss, heap});
                },
                0,
                1,
                TimeUnit.SECONDS);
        // the backlog: each merchant's endpoint disabled, `per` deliveries each created and kept; then all enabled
        HeldBacklog.disable(run, merchants);
        double[] made = HeldBacklog.create(run, merchants, per);
        refusing.set(false);
        long enableStart = System.nanoTime();
        double enableSeconds = HeldBacklog.enable(run, merchants);
        long created = enableStart;
        int atCreated = 0;
        long healthyTotal = (long) made[1] / endpoints * (endpoints - dead); // with each one's first, refused one
        long windowEnd = created + window * 1_000_000_000L;
        Waits.until(() -> System.nanoTime() >= windowEnd || healthy.get() >= healthyTotal, 100);
        long measuredEnd = System.nanoTime();
        int atEnd = healthy.get();
        sampler.shutdownNow();
        answers.shutdownNow();
        server.stop(0);
        double createSeconds = made[0];
        double windowSeconds = (measuredEnd - created) / 1e9;
        double rate = (atEnd - atCreated) / windowSeconds;
        String label = String.format(
                "%d endpoints answering %s, %d dead (%s)",
                endpoints, delay == 0 ? "at once" : "after " + delay + " ms", dead, deadMode);
        run.md.append(String.format(
                "- G6 drain, %s: a held backlog of %d × %d = %d notifications (created in %.1f s while every endpoint"
                        + " was disabled, %.0f kept), then every endpoint enabled (%d calls, 16 at a time, %.2f s)%n",
                label,
                endpoints,
                per,
                (long) endpoints * per,
                createSeconds,
                made[1],
                endpoints,
                enableSeconds));
        run.md.append(String.format(
                "  - from enabling, %.1f s: **%.0f notifications/s** to the healthy endpoints (%.1f/s each) = %s; "
                        + "%d of %d healthy delivered%n",
                windowSeconds,
                rate,
                rate / (endpoints - dead),
                run.baselines.ratios(rate),
                atEnd,
                healthyTotal));
        run.md.append(String.format(
                "  - dead endpoints were tried %d times; peak pending notifications %d; service RSS max %d MB, "
                        + "heap used max %d MB (sampled every second)%n",
                deadHits.get(), maxPending.get(), maxRss.get(), maxHeap.get()));
        run.md.append(String.format("DRAIN_RATE=%.1f%n", rate));
        String name = "g6-drain-" + (delay == 0 ? "now" : delay + "ms") + (dead > 0 ? "-dead" + dead + deadMode : "");
        int n = (int) Math.min(3599, (measuredEnd - t0) / 1_000_000_000L + 1);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int k = 0; k < n; k++) {
            x[k] = k;
            y[k] = healthyPerSecond.get(k);
        }
        double createdAt = (enableStart - t0) / 1e9;
        SvgChart.write(
                run.out() + "-" + name + "-rate.svg",
                "G6 drain, " + label + ": notifications/s (endpoints enabled at " + String.format("%.0f s", createdAt)
                        + ")",
                "seconds",
                "per second",
                false,
                List.of(new SvgChart.Series("healthy deliveries/s", x, y)));
        double[][] mem = memory.toArray(double[][]::new);
        SvgChart.write(
                run.out() + "-" + name + "-memory.svg",
                "G6 drain, " + label + ": service memory",
                "seconds",
                "MB",
                false,
                List.of(
                        new SvgChart.Series(
                                "RSS",
                                Arrays.stream(mem).mapToDouble(r -> r[0]).toArray(),
                                Arrays.stream(mem).mapToDouble(r -> r[1]).toArray()),
                        new SvgChart.Series(
                                "heap used",
                                Arrays.stream(mem).mapToDouble(r -> r[0]).toArray(),
                                Arrays.stream(mem).mapToDouble(r -> r[2]).toArray())));
        run.md.append(String.format(
                "%n![drain rate](%s) ![drain memory](%s)%n%n",
                SvgChart.fileName(run.out() + "-" + name + "-rate.svg"),
                SvgChart.fileName(run.out() + "-" + name + "-memory.svg")));
    }

    /** While {@code refusing}: answers 410, which disables the endpoint, and says so. */
    private static boolean gone(HttpExchange exchange, AtomicBoolean refusing) throws IOException {
        if (!refusing.get()) return false;
        exchange.sendResponseHeaders(410, -1);
        exchange.close();
        return true;
    }
}
