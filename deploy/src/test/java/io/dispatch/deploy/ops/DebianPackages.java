package io.dispatch.deploy.ops;

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
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian tools the tests run for real (nginx, yamllint, the browser tests' Chromium), installed
 * with apt-get when missing: the build runs as root on
 * a fresh Debian machine where only a JDK and Maven exist. When a tool is missing and cannot be
 * installed the test fails, saying why and how to install it; it is never skipped. The install
 * is logged to {@code target/<package>-install.log}.
 */
public final class DebianPackages {

    static final Path APT_GET = Path.of("/usr/bin/apt-get");
    static final Path BUILD = Path.of("target");
    /** Debian's switch that keeps maintainer scripts from starting daemons (nginx would start on :80). */
    private static final Path POLICY_RC_D = Path.of("/usr/sbin/policy-rc.d");

    private static final Duration APT_TIMEOUT = Duration.ofMinutes(15);

    private DebianPackages() {}

    /** Debian's nginx: {@code /usr/sbin/nginx}. */
    static Path nginx() {
        return ensureInstalled("nginx", Path.of("/usr/sbin/nginx"));
    }

    /** Debian's yamllint: {@code /usr/bin/yamllint}. */
    static Path yamllint() {
        return ensureInstalled("yamllint", Path.of("/usr/bin/yamllint"));
    }

    /** Installs the Debian package when its executable is missing, or fails saying why. */
    public static synchronized Path ensureInstalled(String debianPackage, Path executable) {
        if (Files.isExecutable(executable)) {
            return executable;
        }
        Path installLog = BUILD.resolve(debianPackage + "-install.log");
        if (!Files.isExecutable(APT_GET)) {
            throw cannotInstall(
                    debianPackage, executable, installLog, "there is no " + APT_GET + " (not a Debian machine?)");
        }
        if (!root()) {
            throw cannotInstall(
                    debianPackage,
                    executable,
                    installLog,
                    "apt-get needs root and this test runs as " + System.getProperty("user.name"));
        }
        Instant start = Instant.now();
        log(installLog, "%s missing: installing Debian's %s with apt-get", executable, debianPackage);
        boolean policyWritten = false;
        try {
            if (!Files.exists(POLICY_RC_D)) {
                // only the executable is wanted: no service started by the package's scripts
                Files.writeString(
                        POLICY_RC_D,
                        "#!/bin/sh\n# written by dispatch's DebianPackages for one apt-get run\nexit 101\n");
                POLICY_RC_D.toFile().setExecutable(true, false);
                policyWritten = true;
            }
            // Always refresh the lists first: on a fresh machine they are empty or old.
            int update = apt(installLog, "update");
            int install = apt(
                    installLog,
                    "install",
                    "-y",
                    "--no-install-recommends",
                    "-o",
                    "DPkg::Lock::Timeout=300",
                    debianPackage);
            if (install != 0 || !Files.isExecutable(executable)) {
                throw cannotInstall(
                        debianPackage,
                        executable,
                        installLog,
                        "apt-get update exited " + update + ", apt-get install exited " + install);
            }
        } catch (IOException e) {
            throw cannotInstall(debianPackage, executable, installLog, e.toString());
        } finally {
            if (policyWritten) {
                try {
                    Files.deleteIfExists(POLICY_RC_D);
                } catch (IOException e) {
                    log(installLog, "could not remove %s: %s", POLICY_RC_D, e);
                }
            }
        }
        log(
                installLog,
                "installed %s in %d s",
                debianPackage,
                Duration.between(start, Instant.now()).toSeconds());
        return executable;
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

    private static int apt(Path installLog, String... arguments) {
        List<String> command = new ArrayList<>(List.of(APT_GET.toString()));
        command.addAll(List.of(arguments));
        log(installLog, "$ DEBIAN_FRONTEND=noninteractive %s", String.join(" ", command));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(installLog.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
        try {
            Process process = builder.start();
            if (!process.waitFor(APT_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
                process.destroyForcibly();
                log(installLog, "apt-get %s: no end after %s, killed", arguments[0], APT_TIMEOUT);
                return -1;
            }
            log(installLog, "apt-get %s exited %d", arguments[0], process.exitValue());
            return process.exitValue();
        } catch (IOException e) {
            log(installLog, "apt-get %s could not run: %s", arguments[0], e);
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing " + arguments[arguments.length - 1], e);
        }
    }

    private static AssertionError cannotInstall(String debianPackage, Path executable, Path installLog, String why) {
        String tail = "";
        try {
            if (Files.exists(installLog)) {
                List<String> lines = Files.readAllLines(installLog);
                tail = "\nLast lines of " + installLog.toAbsolutePath() + ":\n"
                        + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
            }
        } catch (IOException ignored) {
            // the message says enough without the log
        }
        return new AssertionError("This test needs Debian's " + debianPackage + " (" + executable
                + "); it is missing and could not be installed: " + why + ". As root: apt-get update && "
                + "apt-get install -y --no-install-recommends " + debianPackage + tail);
    }

    /** To the test's output and to the install log. */
    private static void log(Path installLog, String format, Object... arguments) {
        String line = "[apt] " + String.format(format, arguments);
        System.out.println(line);
        try {
            Files.createDirectories(BUILD);
            Files.writeString(
                    installLog,
                    Instant.now() + " " + line + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
