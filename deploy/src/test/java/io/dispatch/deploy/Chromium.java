package io.dispatch.deploy;

import static org.awaitility.Awaitility.await;

import io.dispatch.deploy.ops.DebianPackages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 * installed with apt-get by {@link DebianPackages} when missing (the test runs as root on a fresh Debian machine where
 * only a JDK and Maven exist), driven by Selenium through {@code /usr/bin/chromedriver} so that
 * Selenium Manager never looks for a driver or a browser of its own. When they are missing and
 * cannot be installed the test fails, saying why; it is never skipped.
 */
final class Chromium implements AutoCloseable {

    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path BUILD = Path.of("target");
    static final Path SCREENSHOTS = BUILD.resolve("screenshots");
    /** The phone the browser tests start as, and the desktop they look at a page on too. */
    static final int PHONE_WIDTH = 390;

    static final int PHONE_HEIGHT = 844;
    static final int DESKTOP_WIDTH = 1280;
    static final int DESKTOP_HEIGHT = 800;

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

    /** A phone's window ({@link #PHONE_WIDTH} x {@link #PHONE_HEIGHT}): where every browser test starts. */
    static Chromium phone() {
        try {
            return start(PHONE_WIDTH, PHONE_HEIGHT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What an action does at a screen size, given to {@link #atDesktopSize}. */
    interface Action {
        void run() throws Exception;
    }

    /**
     * The page at a desktop's size while the action runs (once the page has that width), then
     * at the phone's again (once it has that width back).
     */
    void atDesktopSize(Duration wait, Action action) throws Exception {
        emulate(DESKTOP_WIDTH, DESKTOP_HEIGHT, false);
        try {
            awaitWidth(wait, DESKTOP_WIDTH);
            action.run();
        } finally {
            emulate(PHONE_WIDTH, PHONE_HEIGHT, true);
            awaitWidth(wait, PHONE_WIDTH);
        }
    }

    private void emulate(int width, int height, boolean mobile) {
        driver.executeCdpCommand(
                "Emulation.setDeviceMetricsOverride",
                Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", mobile));
    }

    private void awaitWidth(Duration wait, int width) {
        await().atMost(wait)
                .until(() -> driver.executeScript("return window.innerWidth").equals((long) width));
    }

    /** The page as it is now, written to {@link #SCREENSHOTS}{@code /name}. */
    void screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Files.write(SCREENSHOTS.resolve(name), driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
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

    /** Installs Debian's chromium and chromium-driver when either is missing, or fails saying why. */
    static void ensureInstalled() {
        DebianPackages.ensureInstalled("chromium", BROWSER);
        DebianPackages.ensureInstalled("chromium-driver", DRIVER);
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
