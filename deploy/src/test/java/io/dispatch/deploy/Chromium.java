package io.dispatch.deploy;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium for the browser tests: Debian's {@code chromium} and {@code chromium-driver},
 * installed with apt-get when missing (the test runs as root on a fresh Debian machine where
 * only a JDK and Maven exist), driven by Selenium through {@code /usr/bin/chromedriver} so that
 * Selenium Manager never looks for a driver or a browser of its own. When they are missing and
 * cannot be installed the test fails, saying why; it is never skipped.
 */
final class Chromium implements AutoCloseable {

    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path APT_GET = Path.of("/usr/bin/apt-get");
    static final Path BUILD = Path.of("target");
    static final Path INSTALL_LOG = BUILD.resolve("chromium-install.log");
    private static final Duration APT_TIMEOUT = Duration.ofMinutes(15);

    private final ChromeDriverService service;
    private final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriverService service, ChromeDriver driver, Path profile) {
        this.service = service;
        this.driver = driver;
        this.profile = profile;
    }

    ChromeDriver driver() {
        return driver;
    }

    /** Starts headless Chromium with a window of the given size (a phone's: 412 x 915) and a fresh profile. */
    static Chromium start(int width, int height) throws IOException {
        ensureInstalled();
        Files.createDirectories(BUILD);
        Path profile = Files.createTempDirectory("dispatch-chromium-");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .withLogFile(BUILD.resolve("chromedriver.log").toFile())
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        // The background-networking flags keep Chromium from calling home: only the package
        // registries are reachable here, and its refused connections would slow it down.
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--user-data-dir=" + profile,
                "--window-size=" + width + "," + height);
        // A desktop window is at least 500 px wide even when headless: the page gets a phone's
        // viewport (and touch, and its viewport meta honoured) from the emulation instead.
        options.setExperimentalOption(
                "mobileEmulation",
                Map.of(
                        "deviceMetrics",
                        Map.of("width", width, "height", height, "pixelRatio", 1.0, "mobile", true, "touch", true)));
        try {
            return new Chromium(service, new ChromeDriver(service, options), profile);
        } catch (RuntimeException e) {
            service.stop();
            delete(profile);
            throw e;
        }
    }

    /**
     * Quits the browser and stops chromedriver, then checks that neither chromedriver nor any
     * Chromium process it started is left running (killing and complaining about any that is).
     */
    @Override
    public void close() {
        List<ProcessHandle> ours = ProcessHandle.current()
                .descendants()
                .filter(p -> p.info().command().map(c -> c.contains("chrom")).orElse(false))
                .toList();
        try {
            driver.quit();
        } finally {
            service.stop();
            delete(profile);
        }
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> ours.stream().noneMatch(Chromium::running));
            System.out.println("[chromium] quit: chromedriver and Chromium ended (" + ours.size() + " processes)");
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            List<String> left = ours.stream()
                    .filter(Chromium::running)
                    .map(p -> p.pid() + " " + p.info().command().orElse("?"))
                    .toList();
            ours.forEach(ProcessHandle::destroyForcibly);
            throw new AssertionError("chromedriver/Chromium still running after quit (now killed): " + left, e);
        }
    }

    /** Alive and not a zombie waiting for a parent to reap it (a zombie runs nothing). */
    private static boolean running(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false;
        }
    }

    /** What the test ran against, for its log. */
    static String versions() {
        // Debian's launcher script may print a warning of its own before the version: the last line is it
        return lastLine(output(BROWSER.toString(), "--version")) + " / "
                + lastLine(output(DRIVER.toString(), "--version"));
    }

    private static String lastLine(String text) {
        return text.substring(text.lastIndexOf('\n') + 1);
    }

    private static boolean installed() {
        return Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
    }

    /** Installs Debian's chromium and chromium-driver when either is missing, or fails saying why. */
    static synchronized void ensureInstalled() {
        if (installed()) {
            return;
        }
        List<String> absent = Stream.of(BROWSER, DRIVER)
                .filter(p -> !Files.isExecutable(p))
                .map(Path::toString)
                .toList();
        String missing = String.join(" and ", absent) + (absent.size() > 1 ? " are" : " is");
        if (!Files.isExecutable(APT_GET)) {
            throw cannotInstall(missing, "there is no " + APT_GET + " (not a Debian machine?)");
        }
        if (!root()) {
            throw cannotInstall(missing, "apt-get needs root and this test runs as " + System.getProperty("user.name"));
        }
        Instant start = Instant.now();
        log("%s missing: installing Debian's chromium and chromium-driver with apt-get", missing);
        // Always refresh the lists first: on a fresh machine they are empty or old.
        int update = apt("update");
        int install = apt(
                "install",
                "-y",
                "--no-install-recommends",
                "-o",
                "DPkg::Lock::Timeout=300",
                "chromium",
                "chromium-driver");
        if (install != 0 || !installed()) {
            throw cannotInstall(missing, "apt-get update exited " + update + ", apt-get install exited " + install);
        }
        log("installed in %d s: %s", Duration.between(start, Instant.now()).toSeconds(), versions());
    }

    private static boolean root() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(line -> line.startsWith("Uid:"))
                    .anyMatch(line -> line.split("\\s+")[2].equals("0")); // the effective uid
        } catch (IOException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    private static int apt(String... arguments) {
        List<String> command = new ArrayList<>(List.of(APT_GET.toString()));
        command.addAll(List.of(arguments));
        log("$ DEBIAN_FRONTEND=noninteractive %s", String.join(" ", command));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(INSTALL_LOG.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
        try {
            Process process = builder.start();
            if (!process.waitFor(APT_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
                process.destroyForcibly();
                log("apt-get %s: no end after %s, killed", arguments[0], APT_TIMEOUT);
                return -1;
            }
            log("apt-get %s exited %d", arguments[0], process.exitValue());
            return process.exitValue();
        } catch (IOException e) {
            log("apt-get %s could not run: %s", arguments[0], e);
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing Chromium", e);
        }
    }

    private static AssertionError cannotInstall(String missing, String why) {
        String tail = "";
        try {
            if (Files.exists(INSTALL_LOG)) {
                List<String> lines = Files.readAllLines(INSTALL_LOG);
                tail = "\nLast lines of " + INSTALL_LOG.toAbsolutePath() + ":\n"
                        + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
            }
        } catch (IOException ignored) {
            // the message says enough without the log
        }
        return new AssertionError("The browser test needs Debian's chromium and chromium-driver; " + missing
                + " missing and could not be installed: " + why + ". As root: apt-get update && "
                + "apt-get install -y --no-install-recommends chromium chromium-driver" + tail);
    }

    /** To the test's output and to target/chromium-install.log. */
    private static void log(String format, Object... arguments) {
        String line = "[chromium] " + String.format(format, arguments);
        System.out.println(line);
        try {
            Files.createDirectories(BUILD);
            Files.writeString(
                    INSTALL_LOG,
                    Instant.now() + " " + line + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String output(String... command) {
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            process.waitFor(30, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            return command[0] + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return command[0] + ": interrupted";
        }
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp profile left behind harms nothing
        }
    }
}
