package throughput;

import common.BenchHttp;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/** B_http, the HTTP baseline every scenario's figures are set against. */
final class PingBaseline {

    private PingBaseline() {}

    /**
     * B_http: closed loop on the trivial ping route, every request through the API key check and the per-key rate
     * limit (raised out of reach by the script's dispatch.rate-limit.per-minute; its bucket is still read and written
     * in PostgreSQL). The ping is outside idempotency's routes. One API key per connection, so no two connections
     * wait on the same bucket row.
     */
    static void run(Harness run) throws Exception {
        int seconds = run.i("seconds", 10);
        int connections = run.i("connections", 32);
        List<String> keys = run.keys(connections);
        IntFunction<HttpRequest> pingWith = c -> HttpRequest.newBuilder(URI.create(run.base + "/api/v1/external/ping"))
                .timeout(Duration.ofSeconds(30))
                .header("X-API-Key", keys.get(c % keys.size()))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build();
        HttpRequest ping = pingWith.apply(0);
        Histogram one = new Histogram(3_600_000_000_000L, 3);
        long until = System.nanoTime() + 4_000_000_000L;
        while (System.nanoTime() < until) { // warm-up and one-connection latency
            long t = System.nanoTime();
            HttpResponse<String> r = BenchHttp.HTTP.send(ping, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) throw new IllegalStateException("ping -> " + r.statusCode() + " " + r.body());
            one.recordValue(System.nanoTime() - t);
        }
        AtomicLong count = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        ConcurrentHistogram many = new ConcurrentHistogram(3_600_000_000_000L, 3);
        CpuSnapshot before = CpuSnapshot.now(run.service);
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        try (var workers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < connections; c++) {
                HttpRequest own = pingWith.apply(c);
                workers.submit(() -> {
                    while (System.nanoTime() < end) {
                        long t = System.nanoTime();
                        try {
                            if (BenchHttp.HTTP
                                            .send(own, HttpResponse.BodyHandlers.ofString())
                                            .statusCode()
                                    == 200) count.incrementAndGet();
                            else errors.incrementAndGet();
                        } catch (Exception e) {
                            errors.incrementAndGet();
                        }
                        many.recordValue(System.nanoTime() - t);
                    }
                    return null;
                });
            }
        }
        double rate = count.get() / ((System.nanoTime() - start) / 1e9);
        run.md.append(String.format(
                "- B_http: POST /api/v1/external/ping (API key checked, counted by the raised rate limit), %d"
                    + " connections with a key each, closed loop for %d s: **%.0f req/s**, p50 %.2f ms, p99 %.2f ms,"
                    + " %d errors; one connection: p50 %.2f ms, p99 %.2f ms%n",
                connections,
                seconds,
                rate,
                many.getValueAtPercentile(50) / 1e6,
                many.getValueAtPercentile(99) / 1e6,
                errors.get(),
                one.getValueAtPercentile(50) / 1e6,
                one.getValueAtPercentile(99) / 1e6));
        run.md.append(CpuSnapshot.perRequest(before, CpuSnapshot.now(run.service), count.get()));
        run.md.append(String.format("BHTTP=%.0f BHTTP1=%.3f%n", rate, one.getValueAtPercentile(50) / 1e6));
    }
}
