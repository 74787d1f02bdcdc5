package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local run as a user runs it, a JVM of its own from deploy's jar on a data directory named
 * by {@code DISPATCH_DATADIR}: killed with kill -9, which leaves its PostgreSQL process running,
 * then started again with the same command, it must come back with the delivery created before
 * the kill; then stopped with SIGTERM (Ctrl-C), it must stop in order within seconds, with no
 * ERROR in its log. Logs: {@code deploy/target/multi-process/local-run-{first,second}.log}.
 */
class LocalRunRestartIT {

    private static final Duration READY_WAIT = Duration.ofMinutes(3);
    /** Measured 2.7 s on the shared 2-core machine (it took 12-20 s, with ERRORs, before the shutdown was ordered). */
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String ORDER = """
      {"customerName":"Amina Njeri","customerPhone":"+254 700 000 001",
       "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
       "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""";

    @TempDir
    Path dataDir;

    private ServiceProcess run;

    @AfterEach
    void stopWhatIsLeft() throws Exception {
        if (run != null) {
            run.close();
        }
        // a failed run may leave its PostgreSQL behind, as a killed one does; it is ours (our temp directory)
        Optional<ProcessHandle> postmaster = postmaster();
        if (postmaster.isPresent() && postmaster.get().isAlive()) {
            new ProcessBuilder("kill", "-INT", Long.toString(postmaster.get().pid()))
                    .start()
                    .waitFor();
            postmaster.get().onExit().get();
        }
    }

    @Test
    void a_local_run_killed_with_kill_9_comes_back_with_its_data_and_then_stops_in_order_on_sigterm() throws Exception {
        int port = ServiceProcess.freePort();
        // the canonical environment form of dispatch.data-dir; embedded, as Docker's containers would not keep data
        Map<String, String> environment =
                Map.of("DISPATCH_DATADIR", dataDir.toString(), "DISPATCH_INFRASTRUCTURE", "embedded");
        run = ServiceProcess.startLocalRun("local-run-first", port, environment, List.of());
        awaitReady(run);
        assertThat(run.log())
                .as("the data dir is the one DISPATCH_DATADIR names")
                .containsPattern("data dir +" + java.util.regex.Pattern.quote(dataDir.toString()));
        String apiKey = ServiceProcess.demoApiKey(dataDir);
        String id = call(run, "POST", "/api/v1/external/dispatches", apiKey, ORDER, 201)
                .get("id")
                .asText();
        // a dashboard session, kept in PostgreSQL
        HttpResponse<String> signedUp = HTTP.send(
                HttpRequest.newBuilder(URI.create(run.baseUrl() + "/api/v1/auth/signup"))
                        .header("Content-Type", "application/json")
                        .POST(
                                HttpRequest.BodyPublishers.ofString(
                                        "{\"email\":\"restart-" + UUID.randomUUID()
                                                + "@example.com\",\"password\":\"a long enough password\",\"businessName\":\"Restart\"}"))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(signedUp.statusCode()).as(signedUp.body()).isEqualTo(201);
        String cookie =
                signedUp.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];

        ProcessHandle postmaster = postmaster().orElseThrow();
        run.kill();
        assertThat(postmaster.isAlive())
                .as("kill -9 of the JVM leaves its PostgreSQL running")
                .isTrue();

        run = ServiceProcess.startLocalRun("local-run-second", port, environment, List.of());
        awaitReady(run);
        assertThat(postmaster.isAlive())
                .as("the leftover PostgreSQL was stopped")
                .isFalse();
        String restarted = run.log();
        assertThat(restarted).contains("was running without an owner (process " + postmaster.pid());
        assertThat(restarted).contains("was not stopped cleanly last time");
        assertThat(call(run, "GET", "/api/v1/external/dispatches/" + id, apiKey, null, 200)
                        .get("id")
                        .asText())
                .as("the delivery created before the kill, with the demo API key kept in the data dir")
                .isEqualTo(id);
        HttpResponse<String> me = HTTP.send(
                HttpRequest.newBuilder(URI.create(run.baseUrl() + "/api/v1/dashboard/me"))
                        .header("Cookie", cookie)
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(me.statusCode())
                .as("the dashboard session outlives the kill: %s", me.body())
                .isEqualTo(200);

        Duration stopped = run.terminate(STOP_WAIT);
        System.out.printf("local run stopped %s after SIGTERM%n", stopped);
        assertThat(stopped).as("stopped within %s of SIGTERM", STOP_WAIT).isNotNull();
        String log = run.log();
        assertThat(log.lines().filter(line -> line.matches(".*\\bERROR\\s.*")).toList())
                .as("ERROR lines")
                .isEmpty();
        assertThat(log)
                .containsSubsequence(
                        "Commencing graceful shutdown", "Embedded Kafka on", "stopped in", "server stopped");
        assertThat(postmaster())
                .as("PostgreSQL stopped with it, its lock file gone")
                .isEmpty();
    }

    private void awaitReady(ServiceProcess process) {
        await().atMost(READY_WAIT).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            assertThat(process.alive())
                    .as("%s is running (see deploy/target/multi-process/%s.log)", process.name, process.name)
                    .isTrue();
            assertThat(process.log()).contains("dispatch is ready");
            assertThat(process.readiness()).isEqualTo(200);
        });
    }

    /** The PostgreSQL process named by the lock file of the run's data directory, while there is one. */
    private Optional<ProcessHandle> postmaster() throws IOException {
        Path pidFile = dataDir.resolve("postgres").resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        return ProcessHandle.of(
                Long.parseLong(Files.readAllLines(pidFile).getFirst().strip()));
    }

    private static JsonNode call(
            ServiceProcess service, String method, String path, String apiKey, String body, int expected)
            throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(service.baseUrl() + path))
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
}
