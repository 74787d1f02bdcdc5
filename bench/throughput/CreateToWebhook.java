package throughput;

import com.sun.net.httpserver.HttpServer;
import common.Merchants;
import common.WebhookReceivers;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import org.HdrHistogram.Histogram;

/**
 * G3: from a create's scheduled send to its dispatch.created arriving at the merchant's endpoint; and issue 37's steady
 * state, the same load held longer with the {@link SteadyCheck} at its end.
 */
final class CreateToWebhook {

    private CreateToWebhook() {}

    static void run(Harness run) throws Exception {
        run(run, run.i("rate", 200), run.i("seconds", 60), false);
    }

    /** Issue 37: {@code rate} creates a second, each with its webhook, for {@code seconds}; then the steady check. */
    static void steady(Harness run) throws Exception {
        run(run, run.i("rate", 300), run.i("seconds", 300), true);
    }

    private static void run(Harness run, int rate, int seconds, boolean steady) throws Exception {
        Map<String, Long> arrivals = new ConcurrentHashMap<>();
        AtomicIntegerArray hooksPerSecond = new AtomicIntegerArray(seconds + 200);
        AtomicLong t0 = new AtomicLong(Long.MAX_VALUE);
        HttpServer server = WebhookReceivers.onCreated("/hook", (id, now) -> {
            if (arrivals.putIfAbsent(id, now) == null && now > t0.get()) {
                hooksPerSecond.incrementAndGet(
                        (int) Math.min(hooksPerSecond.length() - 1, (now - t0.get()) / 1_000_000_000L));
            }
        });
        Merchants.Merchant m = run.merchant("webhook-latency", 30);
        run.setWebhook(m, "http://127.0.0.1:" + server.getAddress().getPort() + "/hook");
        run.warmUp(m.keys(), 200);
        Map<Integer, String> ids = new ConcurrentHashMap<>();
        Map<Integer, Long> scheduledAt = new ConcurrentHashMap<>();
        t0.set(System.nanoTime());
        LoadStep s = OpenLoop.run(
                run.service,
                rate,
                seconds,
                n -> run.createRequest(m.keys().get(n % m.keys().size())),
                (index, response, scheduled, done) -> {
                    Matcher id = Harness.ID.matcher(response.body());
                    if (id.find()) {
                        ids.put(index, id.group(1));
                        scheduledAt.put(index, scheduled);
                    }
                });
        long loadEnded = System.nanoTime();
        SteadyCheck check = steady
                ? SteadyCheck.after(run, loadEnded, () -> ids.values().stream()
                        .filter(id -> !arrivals.containsKey(id))
                        .count())
                : null;
        long deadline = System.nanoTime() + 120_000_000_000L;
        Waits.until(() -> System.nanoTime() >= deadline || arrivals.keySet().containsAll(ids.values()), 200);
        server.stop(0);
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        ids.forEach((index, id) -> {
            Long arrived = arrivals.get(id);
            if (arrived != null) h.recordValue(Math.max(0, arrived - scheduledAt.get(index)));
        });
        long missing =
                ids.values().stream().filter(id -> !arrivals.containsKey(id)).count();
        double p50 = h.getValueAtPercentile(50) / 1e6;
        double p99 = h.getValueAtPercentile(99) / 1e6;
        if (steady) check = check.withSlowestWebhook(h.getMaxValue() / 1e9);
        String extra = String.format("webhook p99 %.0f ms", p99) + (steady ? ", steady " + (check.counts() ? "yes" : "NO") : "");
        run.md.append(StepReport.summary(
                run,
                (steady ? "steady " : "G3 ") + "creates with a webhook endpoint answering at once",
                s,
                extra));
        if (steady) run.md.append(check.markdown());
        run.md.append(String.format(
                "- G3 create → webhook received (from the create's scheduled send, matched by dispatch_id): p50 **%.0f"
                        + " ms**%s, p90 %.0f ms, p99 **%.0f ms**%s, max %.0f ms; %d of %d webhooks arrived, %d missing"
                        + " after 2 min%n",
                p50,
                run.baselines.latencyRatio(p50),
                h.getValueAtPercentile(90) / 1e6,
                p99,
                run.baselines.latencyRatio(p99),
                h.getMaxValue() / 1e6,
                h.getTotalCount(),
                ids.size(),
                missing));
        double[] hooks = new double[hooksPerSecond.length()];
        for (int k = 0; k < hooks.length; k++) hooks[k] = hooksPerSecond.get(k);
        String name = (steady ? "steady-" : "g3-webhook-") + rate;
        StepReport.timeCharts(run, name, (steady ? "Steady: " : "G3 ") + "creates at " + rate + "/s with a webhook", s, hooks, "webhooks/s");
    }
}
