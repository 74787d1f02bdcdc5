package io.dispatch.deploy.ops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The front of {@code deploy/front} run for real by Debian's nginx (installed with apt-get when
 * missing, as root) on a free 127.0.0.1 port, for tests: {@code deploy/front/render.sh} fills the
 * upstreams, {@code nginx -t} checks the result, and nginx runs as a child process
 * ({@code -p <run dir> -c <conf> -g 'daemon off;'}) until {@link #close()}. Its run directory
 * (rendered nginx.conf, access.log, nginx.err) is kept under {@code target/} for reading after a
 * failure. Usable by any test of the deploy module:
 *
 * <pre>{@code
 * try (NginxFront front = NginxFront.start(List.of("127.0.0.1:18081"), List.of("127.0.0.1:18082"),
 *     List.of("127.0.0.1:18083"))) {
 *   URI base = front.baseUri();
 * }
 * }</pre>
 */
public final class NginxFront implements AutoCloseable {

    static final Path FRONT = Path.of("front");

    private final Process process;
    private final int port;
    private final Path runDir;

    private NginxFront(Process process, int port, Path runDir) {
        this.process = process;
        this.port = port;
        this.runDir = runDir;
    }

    /** What nginx wrote to its access log so far. */
    public String accessLog() throws IOException {
        return Files.readString(runDir.resolve("access.log"));
    }

    /** Starts nginx in front of the given instances (host:port each) of command-service, query-service and webhook-dispatcher. */
    public static NginxFront start(List<String> command, List<String> query, List<String> dispatcher) {
        Path executable = DebianPackages.nginx();
        try {
            Files.createDirectories(DebianPackages.BUILD);
            Path runDir = Files.createTempDirectory(DebianPackages.BUILD.toAbsolutePath(), "nginx-front-");
            // nginx's workers run as nobody when the master is root: they must reach the temp directories
            Files.setPosixFilePermissions(runDir, PosixFilePermissions.fromString("rwxr-xr-x"));
            for (int attempt = 1; ; attempt++) {
                int port = freePort();
                Path conf = render(
                        runDir,
                        port,
                        Map.of(
                                "COMMAND_UPSTREAM",
                                String.join(" ", command),
                                "QUERY_UPSTREAM",
                                String.join(" ", query),
                                "DISPATCHER_UPSTREAM",
                                String.join(" ", dispatcher)));
                check(executable, runDir, conf);
                Process process = new ProcessBuilder(
                                executable.toString(),
                                "-p",
                                runDir.toString(),
                                "-e",
                                runDir.resolve("error.log").toString(),
                                "-c",
                                conf.toString(),
                                "-g",
                                "daemon off;")
                        .redirectOutput(runDir.resolve("access.log").toFile())
                        .redirectError(runDir.resolve("nginx.err").toFile())
                        .start();
                if (awaitListening(process, port)) {
                    NginxFront front = new NginxFront(process, port, runDir);
                    System.out.println(
                            "[front] " + version(executable) + " on 127.0.0.1:" + port + ", run dir " + runDir);
                    return front;
                }
                String err = Files.readString(runDir.resolve("nginx.err"));
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                if (attempt == 3 || !err.contains("Address already in use")) {
                    throw new AssertionError("nginx did not start: " + err);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public int port() {
        return port;
    }

    public java.net.URI baseUri() {
        return java.net.URI.create("http://127.0.0.1:" + port);
    }

    public Path runDir() {
        return runDir;
    }

    /** Ends nginx (SIGTERM, then SIGKILL after 10 s) and checks that none of its workers outlived it. */
    @Override
    public void close() {
        List<ProcessHandle> workers = process.descendants().toList();
        process.destroy(); // SIGTERM: fast shutdown, the master ends its workers
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Long> left = new ArrayList<>();
        for (ProcessHandle worker : workers) {
            worker.onExit().completeOnTimeout(worker, 5, TimeUnit.SECONDS).join();
            if (worker.isAlive()) {
                left.add(worker.pid());
                worker.destroyForcibly();
            }
        }
        if (!left.isEmpty()) {
            throw new AssertionError("nginx workers outlived their master (now killed): " + left);
        }
    }

    /** Removes the run directories of earlier runs (each run keeps its own until the next). */
    static void deleteOldRunDirectories() {
        if (!Files.isDirectory(DebianPackages.BUILD)) {
            return;
        }
        try (Stream<Path> old = Files.list(DebianPackages.BUILD)) {
            old.filter(p -> p.getFileName().toString().startsWith("nginx-front-"))
                    .forEach(NginxFront::delete);
        } catch (IOException ignored) {
            // old run directories in target/ harm nothing
        }
    }

    private static Path render(Path runDir, int listenPort, Map<String, String> upstreams)
            throws IOException, InterruptedException {
        Path conf = runDir.resolve("nginx.conf");
        ProcessBuilder render = new ProcessBuilder(
                        "/bin/sh", FRONT.resolve("render.sh").toString())
                .redirectOutput(conf.toFile())
                .redirectError(runDir.resolve("render.err").toFile());
        render.environment().putAll(upstreams);
        render.environment().put("LISTEN", "127.0.0.1:" + listenPort);
        render.environment().put("RUN_DIR", runDir.toString());
        Process process = render.start();
        if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError(
                    "deploy/front/render.sh failed: " + Files.readString(runDir.resolve("render.err")));
        }
        boolean placeholderLeft = Files.readString(conf)
                .lines()
                .filter(l -> !l.strip().startsWith("#"))
                .anyMatch(l -> l.matches(".*__[A-Z_]+__.*"));
        if (placeholderLeft) {
            throw new AssertionError("deploy/front/render.sh left a placeholder in " + conf);
        }
        return conf;
    }

    private static void check(Path executable, Path runDir, Path conf) throws IOException, InterruptedException {
        Process test = new ProcessBuilder(
                        executable.toString(),
                        "-t",
                        "-q",
                        "-p",
                        runDir.toString(),
                        "-e",
                        runDir.resolve("error.log").toString(),
                        "-c",
                        conf.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(test.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!test.waitFor(30, TimeUnit.SECONDS) || test.exitValue() != 0) {
            throw new AssertionError("nginx -t of the rendered deploy/front/nginx.conf failed:\n" + output);
        }
    }

    /** True once nginx accepts connections; false when it exited (e.g. the port was taken) or 15 s passed. */
    private static boolean awaitListening(Process process, int listenPort) throws InterruptedException {
        try {
            org.awaitility.Awaitility.await()
                    .atMost(Duration.ofSeconds(15))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> !process.isAlive() || accepts(listenPort));
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            return false;
        }
        return process.isAlive();
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String version(Path executable) {
        try {
            Process process = new ProcessBuilder(executable.toString(), "-v")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            process.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException | InterruptedException e) {
            return "nginx (version unknown: " + e + ")";
        }
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // an old run directory left in target/ harms nothing
        }
    }
}
