package throughput;

import common.BenchHttp;
import common.Merchants;
import common.Orders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * One run of the harness: its key=value arguments, the service under test (base URL, admin token,
 * processes), the baselines its figures are set against, and the Markdown written so far. The
 * scenarios reach the service through it.
 */
final class Harness {

    /** The id in a create's answer. */
    static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");

    final String base;
    final String admin;
    final ServiceProcess service;
    final Baselines baselines;
    final StringBuilder md = new StringBuilder();
    private final Map<String, String> options;

    private Harness(Map<String, String> options) {
        this.options = options;
        this.base = options.get("base");
        this.admin = options.getOrDefault("admin", "bench-admin-token");
        this.service = new ServiceProcess(options.get("pid"), options.get("jdbc"));
        this.baselines = new Baselines(d("bpg"), d("bhttp"), d("bhttp1"));
    }

    /** The harness of {@code key=value} arguments. */
    static Harness of(List<String> arguments) {
        Map<String, String> options = new HashMap<>();
        for (String argument : arguments) {
            String[] kv = argument.split("=", 2);
            options.put(kv[0], kv[1]);
        }
        return new Harness(options);
    }

    int i(String key, int otherwise) {
        return Integer.parseInt(text(key, Integer.toString(otherwise)));
    }

    double d(String key) {
        return Double.parseDouble(text(key, "0"));
    }

    String text(String key, String otherwise) {
        return options.getOrDefault(key, otherwise);
    }

    /** The path prefix of the run's charts. */
    String out() {
        return text("out", "bench/results/throughput");
    }

    Map<String, String> operator() {
        return Map.of("X-Admin-Token", admin);
    }

    /** One call that must succeed (status below 300), timeout 120 s. */
    HttpResponse<String> call(String method, String path, Map<String, String> headers, String body) throws Exception {
        return BenchHttp.call(base, method, path, headers, body, Duration.ofSeconds(120));
    }

    Merchants.Merchant merchant(String name, int keys) throws Exception {
        return Merchants.create(base, admin, name, keys);
    }

    List<String> keys(int count) throws Exception {
        return Merchants.keys(base, admin, count);
    }

    HttpRequest createRequest(String apiKey) {
        return Orders.createRequest(base, apiKey);
    }

    /** The API keys of a create scenario (keys=, default 200), warmed up with 300 creates. */
    List<String> warmedUpKeys() throws Exception {
        List<String> keys = keys(i("keys", 200));
        warmUp(keys, 300);
        return keys;
    }

    /** POST /api/v1/external/dispatches/bulk of {@code body} with {@code apiKey} and a new Idempotency-Key. */
    HttpResponse<String> bulkCreate(String apiKey, String body) throws Exception {
        return call(
                "POST",
                "/api/v1/external/dispatches/bulk",
                Map.of("X-API-Key", apiKey, "Idempotency-Key", UUID.randomUUID().toString()),
                body);
    }

    /** Points the merchant's webhook endpoint at {@code url} (admin API). */
    void setWebhook(Merchants.Merchant merchant, String url) throws Exception {
        Merchants.setWebhook(base, admin, merchant, url);
    }

    /** {@code n} creates one after another over {@code keys} (connections, JIT, caches), not measured. */
    void warmUp(List<String> keys, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            BenchHttp.HTTP.send(createRequest(keys.get(i % keys.size())), HttpResponse.BodyHandlers.ofString());
        }
    }

    /** Heap used by the service JVM in MB (its Prometheus metrics), -1 when unreadable. */
    long heapMb() {
        try {
            String text = call("GET", "/actuator/prometheus", operator(), null).body();
            double sum = 0;
            for (String line : text.split("\n")) {
                if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
                    sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
            return (long) (sum / 1024 / 1024);
        } catch (Exception e) {
            return -1;
        }
    }
}
