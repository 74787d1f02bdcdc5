package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One service (command-service, query-service or webhook-dispatcher) started from its executable
 * jar as a process of its own on 127.0.0.1, the way an operator runs it, or the whole local run
 * from deploy's jar; its output goes to {@code deploy/target/multi-process/<name>.log}.
 */
final class ServiceProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LAG =
            Pattern.compile("^dispatch_consumer_lag\\{[^}]*} ([0-9.E+-]+)$", Pattern.MULTILINE);

    final String name;
    final int port;
    private final Process process;

    private final Path log;

    private ServiceProcess(String name, int port, Process process, Path log) {
        this.name = name;
        this.port = port;
        this.process = process;
        this.log = log;
    }

    /** What the process wrote so far. */
    String log() throws IOException {
        return Files.readString(log);
    }

    /** Its exit code, or 0 if it still runs after the wait. */
    int waitForExit(Duration wait) throws InterruptedException {
        return process.waitFor(wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS) ? process.exitValue() : 0;
    }

    /** Starts {@code module}'s {@code -exec.jar} with these settings (as command-line arguments). */
    static ServiceProcess start(String module, String name, Map<String, String> settings) throws IOException {
        return start(module, name, settings, Map.of());
    }

    /** As {@link #start(String, String, Map)}, with these environment variables added to the process's. */
    static ServiceProcess start(
            String module, String name, Map<String, String> settings, Map<String, String> environment)
            throws IOException {
        Path jar = jarOf(module);
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx320m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-jar",
                jar.toString(),
                "--server.port=" + port));
        settings.forEach((key, value) -> command.add("--" + key + "=" + value));
        Path logs = Path.of("target", "multi-process");
        Files.createDirectories(logs);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve(name + ".log").toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        return new ServiceProcess(name, port, process, logs.resolve(name + ".log"));
    }

    /**
     * The local run from deploy's own jar ({@code java -jar deploy/target/deploy-<version>.jar}: the
     * code deploy/run-local.sh runs, without its start-up cache, ADR 0034), with these environment
     * variables and arguments; for the integration tests (failsafe), which run after the jar is packaged.
     */
    static ServiceProcess startLocalRun(String name, int port, Map<String, String> environment, List<String> arguments)
            throws IOException {
        Path jar;
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            jar = files.filter(file -> file.getFileName().toString().matches("deploy-[^-]+(-SNAPSHOT)?\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException(
                            "No local-run jar in " + Path.of("target").toAbsolutePath()
                                    + ": run the integration tests with mvn verify (after package)"));
        }
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx512m",
                "-XX:TieredStopAtLevel=1",
                "-jar",
                jar.toString(),
                "--server.port=" + port));
        command.addAll(arguments);
        Path logs = Path.of("target", "multi-process");
        Files.createDirectories(logs);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve(name + ".log").toFile());
        builder.environment().putAll(environment);
        return new ServiceProcess(name, port, builder.start(), logs.resolve(name + ".log"));
    }

    private static Path jarOf(String module) throws IOException {
        Path target = Path.of("..", module, "target");
        try (Stream<Path> files = Files.exists(target) ? Files.list(target) : Stream.empty()) {
            return files.filter(file -> file.getFileName().toString().endsWith("-exec.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("No executable jar in " + target.toAbsolutePath()
                            + ": build the services first (mvn verify from the top, or mvn -DskipTests package)"));
        }
    }

    /** The demo merchant's API key that a local run on {@code dataDir} keeps in its data directory. */
    static String demoApiKey(Path dataDir) throws IOException {
        java.util.Properties demo = new java.util.Properties();
        try (java.io.Reader reader = Files.newBufferedReader(dataDir.resolve("demo-merchant.properties"))) {
            demo.load(reader);
        }
        return demo.getProperty("apiKey");
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The readiness probe's status, or -1 when nothing answers. */
    int readiness() {
        try {
            return HTTP.send(
                            HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/health/readiness"))
                                    .timeout(Duration.ofSeconds(5))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The process's id, for a thread dump. */
    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Waits until every one of the services runs and is ready. */
    static void awaitReady(Collection<ServiceProcess> services, Duration wait) {
        await().atMost(wait).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            for (ServiceProcess service : services) {
                assertThat(service.alive())
                        .as("%s is running (see deploy/target/multi-process/%s.log)", service.name, service.name)
                        .isTrue();
                assertThat(service.readiness()).as("%s ready", service.name).isEqualTo(200);
            }
        });
    }

    /** A request to this service with a JSON body (or none), and its answer, whatever the status. */
    HttpResponse<String> send(String method, String path, Map<String, String> headers, String body)
            throws IOException, InterruptedException {
        return HTTP.send(request(baseUrl(), method, path, headers, body), HttpResponse.BodyHandlers.ofString());
    }

    /** A request with a JSON body (or none) to {@code base + path}, answered within 30 s. */
    static HttpRequest request(String base, String method, String path, Map<String, String> headers, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        headers.forEach(request::header);
        return request.build();
    }

    /** As {@link #send}, checks the status and answers the envelope's data. */
    JsonNode call(String method, String path, Map<String, String> headers, String body, int expected) throws Exception {
        HttpResponse<String> response = send(method, path, headers, body);
        assertThat(response.statusCode())
                .as("%s %s on %s: %s", method, path, name, response.body())
                .isEqualTo(expected);
        return JSON.readTree(response.body()).get("data");
    }

    /** The sum of the consumer lag it reports on /actuator/prometheus (it must report some). */
    double consumerLag(Map<String, String> admin) throws Exception {
        Matcher lag =
                LAG.matcher(send("GET", "/actuator/prometheus", admin, null).body());
        double total = 0;
        boolean any = false;
        while (lag.find()) {
            total += Double.parseDouble(lag.group(1));
            any = true;
        }
        assertThat(any).as("%s reports consumer lag", name).isTrue();
        return total;
    }

    /** SIGKILL: no shutdown hook, no goodbye to the broker or the database. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        assertThat(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS))
                .as("%s killed", name)
                .isTrue();
    }

    /**
     * SIGTERM, as Ctrl-C or a process manager sends it: how long the process took to exit, or null
     * if it did not within the wait.
     */
    Duration terminate(Duration wait) throws InterruptedException {
        long sent = System.nanoTime();
        process.destroy();
        return process.waitFor(wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
                ? Duration.ofNanos(System.nanoTime() - sent)
                : null;
    }

    int exitValue() {
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
