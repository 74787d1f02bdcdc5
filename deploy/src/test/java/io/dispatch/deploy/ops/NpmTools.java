package io.dispatch.deploy.ops;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The npm tools of the manifest checks, each pinned by a package-lock.json in the repository
 * ({@code deploy/k8s/validate}, {@code deploy/compose/lint}). They are installed with
 * {@code npm ci --prefer-offline} into a directory under target/: from npm's cache when it holds
 * the packages (so offline after the first install), else from the registry. An install whose
 * lock is unchanged is not repeated. Node and npm come from Debian when missing (as root);
 * this machine has Node 20 and npm 11.
 */
final class NpmTools {

    static final Path NODE = Path.of("/usr/bin/node");
    static final Path NPM = Path.of("/usr/bin/npm");
    private static final Set<Path> READY = new HashSet<>();

    private NpmTools() {}

    /** Copies {@code files} of {@code source} (with package.json and package-lock.json) to {@code work} and installs there. */
    static synchronized Path install(Path source, Path work, String... files) {
        if (READY.contains(work)) {
            return work;
        }
        if (!Files.isExecutable(NODE)) {
            DebianPackages.ensureInstalled("nodejs", NODE);
        }
        if (!Files.isExecutable(NPM)) {
            DebianPackages.ensureInstalled("npm", NPM);
        }
        try {
            Files.createDirectories(work);
            for (String file : concat(List.of("package.json", "package-lock.json"), files)) {
                Files.copy(source.resolve(file), work.resolve(file), StandardCopyOption.REPLACE_EXISTING);
            }
            String lock = Files.readString(source.resolve("package-lock.json"));
            Path stamp = work.resolve("node_modules").resolve(".dispatch-lock");
            if (Files.exists(stamp) && Files.readString(stamp).equals(lock)) {
                READY.add(work);
                return work;
            }
            Instant start = Instant.now();
            Path log = work.resolve("npm-install.log");
            Process install = new ProcessBuilder(
                            NPM.toString(),
                            "ci",
                            "--prefer-offline",
                            "--no-audit",
                            "--no-fund",
                            "--ignore-scripts",
                            "--loglevel=warn")
                    .directory(work.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!install.waitFor(Duration.ofMinutes(5).toSeconds(), TimeUnit.SECONDS)) {
                install.destroyForcibly();
                throw new AssertionError(
                        "npm ci in " + work.toAbsolutePath() + " did not end in 5 minutes; see " + log);
            }
            if (install.exitValue() != 0) {
                throw new AssertionError("npm ci in " + work.toAbsolutePath() + " exited " + install.exitValue()
                        + " (the manifest checks need the packages of " + source
                        + "/package-lock.json once, from the npm "
                        + "registry or npm's cache):\n" + Files.readString(log));
            }
            Files.writeString(stamp, lock);
            System.out.println("[npm] npm ci of " + source + " in "
                    + Duration.between(start, Instant.now()).toMillis() + " ms");
            READY.add(work);
            return work;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Runs a command in a directory; returns its exit code and output (stdout and stderr together). */
    static Result run(Path directory, Duration timeout, List<String> command) {
        try {
            Files.createDirectories(DebianPackages.BUILD);
            Path output = Files.createTempFile(DebianPackages.BUILD.toAbsolutePath(), "run-", ".out");
            Process process = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not end within " + timeout + ":\n"
                        + Files.readString(output));
            }
            String text = Files.readString(output);
            Files.deleteIfExists(output);
            return new Result(process.exitValue(), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    record Result(int exitCode, String output) {}

    private static List<String> concat(List<String> first, String... more) {
        return java.util.stream.Stream.concat(first.stream(), java.util.Arrays.stream(more))
                .toList();
    }
}
