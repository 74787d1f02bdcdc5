package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One merchant's bodies cannot stop the service (decisions.md §13, issue 32): the local run as a
 * user runs it (one JVM with the three services and Kafka, a heap of 512 MiB) takes every kind of
 * 4 MB body bomb from three clients at once, answers each 413 or 422 in the envelope, and then
 * still creates, reads, tracks, reports ready and live, with every consumer's lag back at zero and
 * no OutOfMemoryError in its log. Before the bounded reading, three CSV imports alone gave dozens of
 * OutOfMemoryErrors, stopped the deliveries projection for good and never answered.
 */
class BodyBombsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final int CLIENTS = 3;
    private static final String ADMIN = "bombs-admin-token-" + UUID.randomUUID();
    private static final String ORDER = """
      {"customerName":"Amina Njeri","customerPhone":"+254 700 000 001",
       "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
       "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""";

    @TempDir
    Path dataDir;

    private ServiceProcess run;

    private record Bomb(String name, String path, String contentType, String body) {}

    private static List<Bomb> bombs() {
        StringBuilder columns = new StringBuilder("customerName");
        while (columns.length() < 4_000_000) {
            columns.append(",c").append(columns.length());
        }
        return List.of(
                new Bomb(
                        "CSV of two million rows",
                        "/api/v1/external/dispatches/import?dryRun=true",
                        "text/csv",
                        "customerName\n" + "x\n".repeat(2_000_000)),
                new Bomb(
                        "CSV header of 400,000 columns",
                        "/api/v1/external/dispatches/import?dryRun=true",
                        "text/csv",
                        columns + "\nx\n"),
                new Bomb(
                        "CSV row of two million cells",
                        "/api/v1/external/dispatches/import",
                        "text/csv",
                        "customerName,customerPhone\nx,y\n" + "x,".repeat(1_990_000) + "\n"),
                new Bomb(
                        "bulk of 1.3 million orders",
                        "/api/v1/external/dispatches/bulk",
                        "application/json",
                        "{\"orders\":[" + "{},".repeat(1_300_000) + "{}]}"),
                new Bomb(
                        "four million open brackets",
                        "/api/v1/external/dispatches",
                        "application/json",
                        "[".repeat(4_000_000)),
                new Bomb(
                        "a four-million-character name",
                        "/api/v1/external/dispatches",
                        "application/json",
                        "{\"customerName\":\"" + "x".repeat(4_000_000) + "\"}"),
                new Bomb(
                        "two million values in one create",
                        "/api/v1/external/dispatches",
                        "application/json",
                        "{\"customerName\":\"x\",\"extra\":[" + "1,".repeat(1_990_000) + "1]}"));
    }

    @AfterEach
    void stop() throws Exception {
        if (run != null) {
            run.terminate(Duration.ofSeconds(20));
            run.close();
        }
    }

    @Test
    void every_kind_of_body_bomb_from_several_clients_at_once_costs_only_its_own_request() throws Exception {
        int port = ServiceProcess.freePort();
        run = ServiceProcess.startLocalRun(
                "body-bombs",
                port,
                Map.of(
                        "DISPATCH_DATADIR",
                        dataDir.toString(),
                        "DISPATCH_INFRASTRUCTURE",
                        "embedded",
                        "DISPATCH_ADMIN_TOKEN",
                        ADMIN),
                List.of());
        await().atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> {
                    assertThat(run.alive())
                            .as("the local run is up (deploy/target/multi-process/body-bombs.log)")
                            .isTrue();
                    assertThat(run.log()).contains("dispatch is ready");
                });
        String apiKey = ServiceProcess.demoApiKey(dataDir);

        AtomicLong heapPeak = new AtomicLong();
        CompletableFuture<Void> heapWatch = CompletableFuture.runAsync(() -> watchHeap(heapPeak));
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        List<String> sent = new ArrayList<>();
        for (Bomb bomb : bombs()) {
            assertThat(bomb.body().getBytes(StandardCharsets.UTF_8).length)
                    .as(bomb.name())
                    .isLessThanOrEqualTo(4 * 1024 * 1024);
            for (int client = 0; client < CLIENTS; client++) {
                sent.add(bomb.name());
                answers.add(HTTP.sendAsync(
                        HttpRequest.newBuilder(URI.create(run.baseUrl() + bomb.path()))
                                .header("X-API-Key", apiKey)
                                .header("Idempotency-Key", UUID.randomUUID().toString())
                                .header("Content-Type", bomb.contentType())
                                .POST(HttpRequest.BodyPublishers.ofString(bomb.body()))
                                .timeout(Duration.ofSeconds(90))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
        }
        for (int i = 0; i < answers.size(); i++) {
            HttpResponse<String> answer = answers.get(i).join();
            assertThat(answer.statusCode())
                    .as("%s: %s", sent.get(i), abbreviated(answer.body()))
                    .isIn(413, 422);
            JsonNode error = JSON.readTree(answer.body()).get("error");
            assertThat(error.get("code").asText()).as(sent.get(i)).isEqualTo("VALIDATION_ERROR");
            assertThat(error.get("details").get("fieldErrors").size())
                    .as("%s names what it refused: %s", sent.get(i), abbreviated(answer.body()))
                    .isPositive();
        }
        heapWatch.cancel(true);

        // the service goes on: create, read (the projection), track (the tracking projection)
        JsonNode created = call("POST", "/api/v1/external/dispatches", apiKey, ORDER, 201);
        String id = created.get("id").asText();
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> call("GET", "/api/v1/external/dispatches/" + id, apiKey, null, 200));
        HttpResponse<String> tracked = HTTP.send(
                HttpRequest.newBuilder(URI.create(run.baseUrl() + "/api/v1/track/"
                                + created.get("trackingToken").asText()))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(tracked.statusCode()).as(tracked.body()).isEqualTo(200);
        assertThat(run.readiness()).isEqualTo(200);
        assertThat(status("/actuator/health/liveness")).isEqualTo(200);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(2))
                .untilAsserted(() ->
                        assertThat(lagging()).as("consumer groups with lag").isEmpty());
        assertThat(run.log())
                .as("no consumer or request ran out of heap")
                .doesNotContain("OutOfMemoryError")
                .doesNotContain("Stopping container due to an Error");
        System.out.printf(
                "body bombs: %d requests, heap peak seen %d MiB of 512 MiB%n", answers.size(), heapPeak.get() >> 20);
    }

    /** The heap in use, every 200 ms, as the service's own metrics report it. */
    private void watchHeap(AtomicLong peak) {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                long used = 0;
                Matcher heap = Pattern.compile("(?m)^jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*} (\\S+)$")
                        .matcher(metrics());
                while (heap.find()) {
                    used += (long) Double.parseDouble(heap.group(1));
                }
                peak.accumulateAndGet(used, Math::max);
                await().pollDelay(Duration.ofMillis(200)).until(() -> true);
            } catch (Exception e) {
                return;
            }
        }
    }

    private List<String> lagging() throws Exception {
        List<String> lagging = new ArrayList<>();
        Matcher lag =
                Pattern.compile("(?m)^dispatch_consumer_lag\\{([^}]*)} (\\S+)$").matcher(metrics());
        while (lag.find()) {
            if (Double.parseDouble(lag.group(2)) > 0) {
                lagging.add(lag.group(1) + " " + lag.group(2));
            }
        }
        return lagging;
    }

    private String metrics() throws Exception {
        HttpResponse<String> metrics = HTTP.send(
                HttpRequest.newBuilder(URI.create(run.baseUrl() + "/actuator/prometheus"))
                        .header("X-Admin-Token", ADMIN)
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(metrics.statusCode()).isEqualTo(200);
        return metrics.body();
    }

    private int status(String path) throws Exception {
        return HTTP.send(
                        HttpRequest.newBuilder(URI.create(run.baseUrl() + path))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private JsonNode call(String method, String path, String apiKey, String body, int expected) throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(run.baseUrl() + path))
                        .header("X-API-Key", apiKey)
                        .header("Idempotency-Key", UUID.randomUUID().toString())
                        .header("Content-Type", "application/json")
                        .method(
                                method,
                                body == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(body))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode())
                .as("%s %s: %s", method, path, response.body())
                .isEqualTo(expected);
        return JSON.readTree(response.body()).get("data");
    }

    private static String abbreviated(String body) {
        return body.length() > 400 ? body.substring(0, 400) + "…" : body;
    }
}
