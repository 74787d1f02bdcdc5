import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A steady load of creates against command-service: makes a merchant and a key with the operator
 * token, then sends `rate` creates per second for `seconds`, and prints how many were acknowledged
 * (201) and how many failed. With a fifth argument (a webhook-dispatcher base url) it first
 * registers a local receiver (answering 204 at once) as the merchant's webhook endpoint and, at the
 * end, prints how many webhooks it received.
 * Usage: java bench/SteadyCreates.java <command base url> <admin token> <rate> <seconds> [dispatcher base url]
 */
public class SteadyCreates {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String admin = args[1];
        int rate = Integer.parseInt(args[2]);
        int seconds = Integer.parseInt(args[3]);
        String merchant =
                field(post(base + "/api/v1/admin/merchants", "X-Admin-Token", admin, "{\"name\":\"Bench\"}"), "id");
        String key = field(
                post(base + "/api/v1/admin/merchants/" + merchant + "/api-keys", "X-Admin-Token", admin, "{}"),
                "apiKey");
        AtomicInteger webhooks = new AtomicInteger();
        if (args.length > 4) {
            var receiver = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
            receiver.createContext("/hooks", exchange -> {
                exchange.getRequestBody().readAllBytes();
                webhooks.incrementAndGet();
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
            receiver.start();
            HTTP.send(
                    HttpRequest.newBuilder(URI.create(args[4] + "/api/v1/admin/merchants/" + merchant + "/webhook"))
                            .header("X-Admin-Token", admin)
                            .header("Content-Type", "application/json")
                            .PUT(HttpRequest.BodyPublishers.ofString("{\"url\":\"http://127.0.0.1:"
                                    + receiver.getAddress().getPort() + "/hooks\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
        }
        AtomicInteger acknowledged = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        var scheduler = Executors.newScheduledThreadPool(4);
        long period = TimeUnit.SECONDS.toNanos(1) / rate;
        var inFlight = new java.util.concurrent.ConcurrentLinkedQueue<java.util.concurrent.CompletableFuture<?>>();
        var sending = scheduler.scheduleAtFixedRate(
                () -> {
                    String body = """
                        {"customerName":"Bench","customerPhone":"+254 700 000 001","pickup":{"address":"A","lat":-1.2841,"lng":36.8219},
                         "dropoff":{"address":"B","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}\
                        """;
                    HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/v1/external/dispatches"))
                            .timeout(Duration.ofSeconds(30))
                            .header("X-API-Key", key)
                            .header("Idempotency-Key", UUID.randomUUID().toString())
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build();
                    inFlight.add(HTTP.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                            .whenComplete((response, error) -> {
                                if (error == null && response.statusCode() == 201) {
                                    acknowledged.incrementAndGet();
                                } else {
                                    failed.incrementAndGet();
                                }
                            }));
                },
                0,
                period,
                TimeUnit.NANOSECONDS);
        scheduler
                .schedule(() -> sending.cancel(false), seconds, TimeUnit.SECONDS)
                .get();
        scheduler.shutdown();
        scheduler.awaitTermination(40, TimeUnit.SECONDS);
        // every answer in, then (with a receiver) the webhooks of the last creates
        java.util.concurrent.CompletableFuture.allOf(inFlight.toArray(java.util.concurrent.CompletableFuture[]::new))
                .handle((done, error) -> done)
                .get(40, TimeUnit.SECONDS);
        if (args.length > 4) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            var waiter = Executors.newSingleThreadScheduledExecutor();
            var settled = new java.util.concurrent.CompletableFuture<Void>();
            waiter.scheduleAtFixedRate(
                    () -> {
                        if (webhooks.get() >= acknowledged.get() || System.nanoTime() > deadline) {
                            settled.complete(null);
                        }
                    },
                    0,
                    100,
                    TimeUnit.MILLISECONDS);
            settled.get();
            waiter.shutdownNow();
        }
        System.out.printf(
                "creates: sent at %d/s for %d s, acknowledged %d, failed %d%s%n",
                rate,
                seconds,
                acknowledged.get(),
                failed.get(),
                args.length > 4 ? ", webhooks received " + webhooks.get() : "");
        System.exit(0);
    }

    private static String post(String url, String header, String value, String body) throws Exception {
        return HTTP.send(
                        HttpRequest.newBuilder(URI.create(url))
                                .header(header, value)
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no " + name + " in " + json);
        }
        return m.group(1);
    }
}
