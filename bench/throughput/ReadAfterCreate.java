package throughput;

import common.BenchHttp;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import org.HdrHistogram.ConcurrentHistogram;

/** G4: a GET of each delivery right at its 201, and the projection lag until the read model has it. */
final class ReadAfterCreate {

    private ReadAfterCreate() {}

    static void run(Harness run) throws Exception {
        List<String> keys = run.warmedUpKeys();
        int rate = run.i("rate", 500);
        int seconds = run.i("seconds", 60);
        Map<String, Long> okAt = new ConcurrentHashMap<>();
        ConcurrentHistogram lag = new ConcurrentHistogram(3_600_000_000_000L, 3);
        ConcurrentHistogram read = new ConcurrentHistogram(3_600_000_000_000L, 3);
        Map<Integer, AtomicInteger> readStatuses = new ConcurrentHashMap<>();
        List<String> readSamples = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean polling = new AtomicBoolean(true);
        AtomicLong pollUntil = new AtomicLong(Long.MAX_VALUE);
        Connection c = DriverManager.getConnection(run.service.jdbc(), "postgres", "postgres");
        PreparedStatement q = c.prepareStatement("select id::text from query.dispatches where id = any(?::uuid[])");
        ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor();
        CompletableFuture<Void> pollerDone = new CompletableFuture<>();
        // every 5 ms: which created deliveries have reached the read model (the projection lag)
        poller.scheduleWithFixedDelay(
                () -> {
                    try {
                        if (!okAt.isEmpty()) {
                            q.setArray(1, c.createArrayOf("text", okAt.keySet().toArray()));
                            try (ResultSet rs = q.executeQuery()) {
                                long now = System.nanoTime();
                                while (rs.next()) {
                                    Long t = okAt.remove(rs.getString(1));
                                    if (t != null) lag.recordValue(now - t);
                                }
                            }
                        }
                        if (!polling.get() && (okAt.isEmpty() || System.nanoTime() > pollUntil.get()))
                            pollerDone.complete(null);
                    } catch (Exception e) {
                        pollerDone.completeExceptionally(e);
                    }
                },
                0,
                5,
                TimeUnit.MILLISECONDS);
        AtomicInteger inFlightReads = new AtomicInteger();
        LoadStep s = OpenLoop.run(
                run.service,
                rate,
                seconds,
                n -> run.createRequest(keys.get(n % keys.size())),
                (index, response, scheduled, done) -> {
                    Matcher id = Harness.ID.matcher(response.body());
                    if (!id.find()) return;
                    okAt.put(id.group(1), done);
                    inFlightReads.incrementAndGet();
                    long t = System.nanoTime();
                    BenchHttp.HTTP
                            .sendAsync(
                                    HttpRequest.newBuilder(
                                                    URI.create(run.base + "/api/v1/external/dispatches/" + id.group(1)))
                                            .timeout(Duration.ofSeconds(30))
                                            .header("X-API-Key", keys.get(index % keys.size()))
                                            .header(
                                                    "Idempotency-Key",
                                                    UUID.randomUUID().toString())
                                            .GET()
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .whenComplete((r, e) -> {
                                read.recordValue(System.nanoTime() - t);
                                int status = e == null ? r.statusCode() : -1;
                                if (readStatuses
                                                        .computeIfAbsent(status, k -> new AtomicInteger())
                                                        .incrementAndGet()
                                                == 1
                                        && status != 200) {
                                    readSamples.add(
                                            e != null
                                                    ? e.toString()
                                                    : status + " "
                                                            + r.body()
                                                                    .substring(
                                                                            0,
                                                                            Math.min(
                                                                                    200,
                                                                                    r.body()
                                                                                            .length())));
                                }
                                inFlightReads.decrementAndGet();
                            });
                });
        long until = System.nanoTime() + 35_000_000_000L;
        Waits.until(() -> inFlightReads.get() == 0 || System.nanoTime() >= until, 50);
        pollUntil.set(System.nanoTime() + 30_000_000_000L);
        polling.set(false);
        pollerDone
                .exceptionally(e -> {
                    e.printStackTrace();
                    return null;
                })
                .join();
        poller.shutdownNow();
        q.close();
        c.close();
        run.md.append(StepReport.summary(run, "G4 creates, each followed at its 201 by a GET of the delivery", s));
        run.md.append(String.format(
                "- G4 read right after the 201: answers %s (**%d × 404**); read latency p50 %.1f ms, p99 %.1f ms, "
                        + "max %.1f ms (the read waits for the projection: read-your-writes)%n",
                new TreeMap<>(readStatuses),
                readStatuses.getOrDefault(404, new AtomicInteger()).get(),
                read.getValueAtPercentile(50) / 1e6,
                read.getValueAtPercentile(99) / 1e6,
                read.getMaxValue() / 1e6));
        for (String sample : readSamples)
            run.md
                    .append("  - e.g. `")
                    .append(sample.replace('\n', ' ').replace('`', '\''))
                    .append("`\n");
        double p99 = lag.getValueAtPercentile(99) / 1e6;
        run.md.append(String.format(
                "- G4 projection lag (the 201 until the row is in query.dispatches, polled every 5 ms): p50 %.0f ms,"
                        + " p90 %.0f ms, p99 **%.0f ms**%s, max %.0f ms over %d deliveries; %d never seen%n",
                lag.getValueAtPercentile(50) / 1e6,
                lag.getValueAtPercentile(90) / 1e6,
                p99,
                run.baselines.latencyRatio(p99),
                lag.getMaxValue() / 1e6,
                lag.getTotalCount(),
                okAt.size()));
        StepReport.timeCharts(run, "g4-readafter-" + rate, "G4 creates at " + rate + "/s with reads", s, null, null);
    }
}
