package throughput;

import com.sun.net.httpserver.HttpServer;
import common.Merchants;
import common.WebhookReceivers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Issue 19: how fast an endpoint that comes back receives the notifications kept while it was disabled. */
final class WebhookRecovery {

    private WebhookRecovery() {}

    /**
     * Issue 19: an endpoint comes back. Each of `endpoints` merchants' endpoints answers 410 to its
     * first notification (which disables it), then a backlog of `per` deliveries each is created
     * and kept; the receivers turn healthy, the merchants enable their endpoints, and the clock
     * runs until every kept notification arrived.
     */
    static void run(Harness run) throws Exception {
        int endpoints = run.i("endpoints", 10);
        int per = run.i("per", 1000);
        int delay = run.i("delay", 0);
        AtomicBoolean healthy = new AtomicBoolean(false);
        AtomicInteger delivered = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        ConcurrentHashMap<String, Boolean> seen = new ConcurrentHashMap<>();
        AtomicIntegerArray perSecond = new AtomicIntegerArray(3600);
        long[] back = new long[1];
        ScheduledExecutorService answers = Executors.newScheduledThreadPool(2);
        HttpServer server = WebhookReceivers.create();
        server.createContext("/hooks", exchange -> {
            exchange.getRequestBody().readAllBytes();
            String event = exchange.getRequestHeaders().getFirst("X-Dispatch-Event");
            String id = exchange.getRequestHeaders().getFirst("X-Dispatch-Event-Id");
            Runnable answer = () -> {
                try {
                    exchange.sendResponseHeaders(healthy.get() ? 200 : 410, -1);
                } catch (IOException e) {
                    return;
                } finally {
                    exchange.close();
                }
                if (!healthy.get()) {
                    refused.incrementAndGet();
                } else if (!"webhook.test".equals(event) && seen.putIfAbsent(id, true) == null) {
                    delivered.incrementAndGet();
                    perSecond.incrementAndGet((int) Math.min(3599, (System.nanoTime() - back[0]) / 1_000_000_000L));
                }
            };
            if (delay > 0) answers.schedule(answer, delay, TimeUnit.MILLISECONDS);
            else answer.run();
        });
        server.start();
        int port = server.getAddress().getPort();
        List<Merchants.Merchant> merchants = new ArrayList<>();
        for (int e = 0; e < endpoints; e++) {
            Merchants.Merchant m = run.merchant("recovery-" + e, 1);
            run.setWebhook(m, "http://127.0.0.1:" + port + "/hooks/" + e);
            merchants.add(m);
        }
        HeldBacklog.disable(run, merchants);
        double[] made = HeldBacklog.create(run, merchants, per);
        double createSeconds = made[0];
        long kept = (long) made[1];
        healthy.set(true);
        back[0] = System.nanoTime();
        HeldBacklog.enable(run, merchants);
        long enabled = System.nanoTime();
        Waits.until(() -> delivered.get() >= kept, 100);
        long done = System.nanoTime();
        answers.shutdownNow();
        server.stop(0);
        double seconds = (done - back[0]) / 1e9;
        double rate = kept / seconds;
        String label = String.format(
                "%d endpoints answering %s", endpoints, delay == 0 ? "at once" : "after " + delay + " ms");
        run.md.append(String.format(
                "- Recovery, %s: %d notifications kept while disabled (created in %.1f s; %d refused "
                        + "with 410 before)%n",
                label, kept, createSeconds, refused.get()));
        run.md.append(String.format(
                "  - from enabling (%d calls, 16 at a time, %.2f s) to the last kept notification received: **%.1f s**, "
                        + "%.0f notifications/s = %s%n",
                endpoints, (enabled - back[0]) / 1e9, seconds, rate, run.baselines.ratios(rate)));
        int n = (int) Math.min(3599, (done - back[0]) / 1_000_000_000L + 1);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int k = 0; k < n; k++) {
            x[k] = k;
            y[k] = perSecond.get(k);
        }
        String name = "recovery-" + endpoints + "x" + per + (delay == 0 ? "" : "-" + delay + "ms");
        SvgChart.write(
                run.out() + "-" + name + ".svg",
                "Recovery, " + label + ": kept notifications received per second after enabling",
                "seconds",
                "per second",
                false,
                List.of(new SvgChart.Series("received/s", x, y)));
        run.md.append(String.format("%n![recovery](%s)%n%n", SvgChart.fileName(run.out() + "-" + name + ".svg")));
    }

    /** A field of the merchant's GET /api/v1/external/webhooks. */
    static String endpointField(Harness run, Merchants.Merchant m, String name) {
        try {
            String json = run.call(
                            "GET",
                            "/api/v1/external/webhooks",
                            Map.of("X-API-Key", m.keys().get(0)),
                            null)
                    .body();
            Matcher matcher =
                    Pattern.compile("\"" + name + "\"\\s*:\\s*\"?([^\",}]+)").matcher(json);
            return matcher.find() ? matcher.group(1) : "";
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
