import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Create → webhook-received latency of N sequential creates against a running dispatch.
 * Usage: java bench/CreateToWebhookLatency.java <baseUrl> <adminToken> [count]
 * It registers a fresh merchant whose webhook points at a receiver on 127.0.0.1, then for each
 * create measures from sending the POST to the receiver getting dispatch.created for that id.
 */
public class CreateToWebhookLatency {

  static final HttpClient HTTP = HttpClient.newHttpClient();
  static final Map<String, CompletableFuture<Long>> arrivals = new ConcurrentHashMap<>();
  static final Map<String, Long> early = new ConcurrentHashMap<>();

  public static void main(String[] args) throws Exception {
    String base = args[0];
    String admin = args[1];
    int count = args.length > 2 ? Integer.parseInt(args[2]) : 100;

    HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    receiver.createContext("/hook", exchange -> {
      long now = System.nanoTime();
      String body = new String(exchange.getRequestBody().readAllBytes());
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
      if (body.contains("\"dispatch.created\"")) {
        String id = field(body, "dispatch_id");
        CompletableFuture<Long> waiting = arrivals.get(id);
        if (waiting != null) waiting.complete(now); else early.put(id, now);
      }
    });
    receiver.start();
    String hookUrl = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";

    String merchantId = field(call(base, "POST", "/api/v1/admin/merchants", Map.of("X-Admin-Token", admin), "{\"name\":\"bench\"}"), "id");
    String apiKey = field(call(base, "POST", "/api/v1/admin/merchants/" + merchantId + "/api-keys", Map.of("X-Admin-Token", admin), "{}"), "apiKey");
    call(base, "PUT", "/api/v1/admin/merchants/" + merchantId + "/webhook", Map.of("X-Admin-Token", admin), "{\"url\":\"" + hookUrl + "\"}");

    String order = """
        {"customerName":"Bench","customerPhone":"+254700000001","pickup":{"address":"A","lat":-1.2841,"lng":36.8155},
         "dropoff":{"address":"B","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""";
    List<Double> createMs = new ArrayList<>();
    List<Double> webhookMs = new ArrayList<>();
    for (int i = 0; i < count + 5; i++) {
      long start = System.nanoTime();
      String response = call(base, "POST", "/api/v1/external/dispatches",
          Map.of("X-API-Key", apiKey, "Idempotency-Key", UUID.randomUUID().toString()), order);
      long answered = System.nanoTime();
      String id = field(response, "id");
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
    System.out.printf("create 201 latency    p50 %.1f ms  p99 %.1f ms  max %.1f ms%n", pct(createMs, 50), pct(createMs, 99), pct(createMs, 100));
    System.out.printf("create->webhook       p50 %.1f ms  p99 %.1f ms  max %.1f ms%n", pct(webhookMs, 50), pct(webhookMs, 99), pct(webhookMs, 100));
  }

  static double pct(List<Double> values, int p) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  static String call(String base, String method, String path, Map<String, String> headers, String body) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
        .method(method, HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json");
    headers.forEach(request::header);
    HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() >= 300) throw new IllegalStateException(method + " " + path + " -> " + response.statusCode() + " " + response.body());
    return response.body();
  }

  static String field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
    if (!m.find()) throw new IllegalStateException("no " + name + " in " + json);
    return m.group(1);
  }
}
