package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One service (command-service, query-service or webhook-dispatcher) started from its executable
 * jar as a process of its own on 127.0.0.1, the way an operator runs it, or the whole local run
 * from deploy's jar; its output goes to {@code deploy/target/multi-process/<name>.log}.
 */
final class ServiceProcess implements AutoCloseable {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

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
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve(name + ".log").toFile())
                .start();
        return new ServiceProcess(name, port, process, logs.resolve(name + ".log"));
    }

    /**
     * The local run from deploy's own jar, the command deploy/run-local.sh runs ({@code java -jar
     * deploy/target/deploy-<version>.jar}), with these environment variables and arguments; for
     * the integration tests (failsafe), which run after the jar is packaged.
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

    boolean alive() {
        return process.isAlive();
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
