package io.dispatch.deploy.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.deploy.ops.YamlDocuments.Doc;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes API's own schemas, through npm's {@code kubernetes-models} (generated from the
 * Kubernetes OpenAPI document; validated with ajv): types, required fields, enums and formats
 * such as quantities. {@code deploy/k8s/validate/} pins it with a package-lock; {@link NpmTools}
 * installs it into {@code target/k8s-validate} and {@code validate.cjs} runs there with Node.
 */
final class KubernetesSchemas {

    static final Path SOURCE = Path.of("k8s", "validate");
    static final Path WORK = DebianPackages.BUILD.resolve("k8s-validate");
    private static final ObjectMapper JSON = new ObjectMapper();

    private KubernetesSchemas() {}

    /** One problem per invalid document: "Deployment x (file#1): data/spec must have required property selector". */
    static List<String> problems(List<Doc> docs) {
        NpmTools.install(SOURCE, WORK, "validate.cjs");
        try {
            List<Map<String, Object>> input = docs.stream()
                    .map(d -> Map.<String, Object>of("source", d.source(), "doc", d.tree()))
                    .toList();
            Path documents = Files.createTempFile(WORK.toAbsolutePath(), "documents-", ".json");
            JSON.writeValue(documents.toFile(), input);
            NpmTools.Result node = NpmTools.run(
                    WORK,
                    Duration.ofSeconds(60),
                    List.of(NpmTools.NODE.toString(), "validate.cjs", documents.toString()));
            String output = node.output();
            Files.deleteIfExists(documents);
            List<String> problems = new ArrayList<>();
            int seen = 0;
            for (String line : output.lines().toList()) {
                if (!line.startsWith("{")) {
                    continue;
                }
                JsonNode result = JSON.readTree(line);
                seen++;
                for (JsonNode error : result.path("errors")) {
                    problems.add(result.path("kind").asText() + " ("
                            + result.path("source").asText() + "): " + error.asText());
                }
            }
            if (seen != docs.size() || node.exitCode() > 1 || (node.exitCode() == 1) == problems.isEmpty()) {
                throw new AssertionError("validate.cjs exited " + node.exitCode() + " with " + seen + " results for "
                        + docs.size() + " documents:\n" + output);
            }
            return problems;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
