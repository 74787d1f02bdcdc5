package io.dispatch.deploy.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Debian's yamllint (installed when missing, as root) over deploy/compose and deploy/k8s with
 * the rules of deploy/k8s/.yamllint, in strict mode: an error or a warning fails the build.
 */
class YamlLintTest {

    static final Path CONFIG = Path.of("k8s", ".yamllint");

    @Test
    void theManifestsPassYamllint() {
        NpmTools.Result result = yamllint(Path.of("compose"), Path.of("k8s"));
        assertThat(result.exitCode())
                .as("yamllint --strict -c deploy/k8s/.yamllint deploy/compose deploy/k8s:\n" + result.output())
                .isZero();
    }

    @Test
    void aBrokenManifestFailsYamllint() throws IOException {
        Path dir = Files.createDirectories(DebianPackages.BUILD.resolve("yamllint-broken"));
        try (var old = Files.list(dir)) {
            for (Path file : old.toList()) {
                Files.delete(file);
            }
        }
        String service = Files.readString(Path.of("k8s", "command-service.yaml"));
        String broken = service.replace("  replicas: 2\n", "  replicas: 2\n  replicas: 3\n") // a duplicate key
                .replace(
                        "      terminationGracePeriodSeconds: 40",
                        "      terminationGracePeriodSeconds: 40   ") // trailing spaces
                .replace(
                        "          imagePullPolicy: IfNotPresent",
                        "          imagePullPolicy: IfNotPresent\n          tty: yes");
        assertThat(broken).isNotEqualTo(service);
        Files.writeString(dir.resolve("command-service.yaml"), broken);
        Files.writeString(dir.resolve("blank-lines.yaml"), "a: 1\n\n\n\nb: 2\n"); // too many blank lines

        NpmTools.Result result = yamllint(dir);
        assertThat(result.exitCode()).as(result.output()).isNotZero();
        // "truthy" is a warning: --strict makes it fail too
        assertThat(result.output()).contains("key-duplicates", "trailing-spaces", "[warning]", "truthy", "empty-lines");
        System.out.println("[yamllint] caught:\n" + result.output().strip());
    }

    static NpmTools.Result yamllint(Path... paths) {
        Path yamllint = DebianPackages.yamllint();
        List<String> command = new java.util.ArrayList<>(List.of(
                yamllint.toString(),
                "--strict",
                "-f",
                "parsable",
                "-c",
                CONFIG.toAbsolutePath().toString()));
        for (Path path : paths) {
            command.add(path.toAbsolutePath().toString());
        }
        return NpmTools.run(Path.of("").toAbsolutePath(), Duration.ofSeconds(60), command);
    }
}
