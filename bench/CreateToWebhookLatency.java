import com.sun.net.httpserver.HttpServer;
import common.BenchHttp;
import common.Merchants;
import common.Percentiles;
import common.WebhookReceivers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Create → webhook-received latency of N sequential creates against a running dispatch.
 * Usage: java bench/CreateToWebhookLatency.java <baseUrl> <adminToken> [count]
 * It registers a fresh merchant whose webhook points at a receiver on 127.0.0.1, then for each
 * create measures from sending the POST to the receiver getting dispatch.created for that id.
 */
public class CreateToWebhookLatency {

    static final Map<String, CompletableFuture<Long>> arrivals = new ConcurrentHashMap<>();
    static final Map<String, Long> early = new ConcurrentHashMap<>();

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String admin = args[1];
        int count = args.length > 2 ? Integer.parseInt(args[2]) : 100;

        HttpServer receiver = WebhookReceivers.onCreated("/hook", (id, now) -> {
            CompletableFuture<Long> waiting = arrivals.get(id);
            if (waiting != null) waiting.complete(now);
            else early.put(id, now);
        });
        String hookUrl = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";

        Merchants.Merchant merchant = Merchants.create(base, admin, "bench", 1);
        String apiKey = merchant.keys().get(0);
        Merchants.setWebhook(base, admin, merchant, hookUrl);

        String order = """
            {"customerName":"Bench","customerPhone":"+254700000001","pickup":{"address":"A","lat":-1.2841,"lng":36.8155},
             "dropoff":{"address":"B","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}\
            """;
        List<Double> createMs = new ArrayList<>();
        List<Double> webhookMs = new ArrayList<>();
        for (int i = 0; i < count + 5; i++) {
            long start = System.nanoTime();
            String response = BenchHttp.call(
                            base,
                            "POST",
                            "/api/v1/external/dispatches",
                            Map.of(
                                    "X-API-Key",
                                    apiKey,
                                    "Idempotency-Key",
                                    UUID.randomUUID().toString()),
                            order,
                            Duration.ofSeconds(60))
                    .body();
            long answered = System.nanoTime();
            String id = BenchHttp.field(response, "id");
            CompletableFuture<Long> arrival = new CompletableFuture<>();
            arrivals.put(id, arrival);
            Long already = early.remove(id);
            if (already != null) arrival.complete(already);
            long received = arrival.get(30, TimeUnit.SECONDS);
            if (i >= 5) { // the first few warm up connections and JIT
                createMs.add((answered - start) / 1e6);
                webhookMs.add((received - start) / 1e6);
            }
        }
        receiver.stop(0);
        System.out.printf("creates: %d sequential (after 5 warm-up)%n", count);
        System.out.printf(
                "create 201 latency    p50 %.1f ms  p99 %.1f ms  max %.1f ms%n",
                Percentiles.of(createMs, 50), Percentiles.of(createMs, 99), Percentiles.of(createMs, 100));
        System.out.printf(
                "create->webhook       p50 %.1f ms  p99 %.1f ms  max %.1f ms%n",
                Percentiles.of(webhookMs, 50), Percentiles.of(webhookMs, 99), Percentiles.of(webhookMs, 100));
    }
}
