package io.dispatch.deploy.ops;

import static io.dispatch.deploy.ops.YamlDocuments.at;
import static io.dispatch.deploy.ops.YamlDocuments.list;
import static io.dispatch.deploy.ops.YamlDocuments.map;
import static io.dispatch.deploy.ops.YamlDocuments.string;
import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.deploy.ops.YamlDocuments.Doc;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * deploy/compose/compose.yaml, which cannot run here (no Docker engine), checked two ways, each
 * of which fails the build:
 * <ol>
 *   <li>dclint (npm, pinned): the Compose Specification's JSON schema (a misspelt key, a wrong
 *       type) and its rules (concrete image tags, bound port interfaces, key order);</li>
 *   <li>{@link #problems}: what a schema cannot see. Every depends_on names a service with a
 *       healthcheck and waits for service_healthy; every service has a healthcheck (the Java ones
 *       on /actuator/health/readiness at their SERVER_PORT); named volumes are declared and bind
 *       mounts exist (or are the services' built jars); env_files exist or have a committed
 *       {@code .example} and are git-ignored; no secret is written into the file; images are
 *       pinned; the front's upstreams are the services' ports; Kafka and PostgreSQL addresses
 *       name services the service waits for; the services trust X-Forwarded-For from the front's
 *       fixed address only ({@code dispatch.web.trusted-proxies}).</li>
 * </ol>
 * {@link #aBrokenComposeFileFailsEachCheck} feeds broken copies to show each check can fail.
 */
class ComposeFileTest {

    static final Path COMPOSE_DIR = Path.of("compose");
    static final Path COMPOSE = COMPOSE_DIR.resolve("compose.yaml");
    static final Path ROOT = Path.of("..");
    static final Path LINT = DebianPackages.BUILD.resolve("compose-lint");
    static final Set<String> JAVA_SERVICES = Set.of("command-service", "query-service", "webhook-dispatcher");
    /** Settings each Java service must get from an env_file (secrets, README "Settings"). */
    static final Map<String, List<String>> REQUIRED_SECRETS = Map.of(
            "command-service", List.of("SPRING_DATASOURCE_PASSWORD", "DISPATCH_ADMINTOKEN"),
            "query-service",
                    List.of(
                            "SPRING_DATASOURCE_PASSWORD",
                            "SPRING_R2DBC_PASSWORD",
                            "DISPATCH_ADMINTOKEN",
                            "DISPATCH_QUERY_CURSORSECRET"),
            "webhook-dispatcher",
                    List.of(
                            "SPRING_DATASOURCE_PASSWORD",
                            "DISPATCH_ADMINTOKEN",
                            "DISPATCH_WEBHOOK_SECRETENCRYPTIONKEY"));

    private static final Pattern SECRET_NAME = Pattern.compile(".*(PASSWORD|SECRET|TOKEN|ENCRYPTIONKEY|PRIVATE).*");

    @Test
    void dclintAcceptsTheComposeFile() throws IOException {
        NpmTools.Result result = dclint(Files.readString(COMPOSE));
        assertThat(result.exitCode())
                .as("dclint of deploy/compose/compose.yaml:\n" + result.output())
                .isZero();
    }

    @Test
    void theComposeFileRefersOnlyToWhatExists() {
        assertThat(problems(YamlDocuments.load(COMPOSE))).isEmpty();
    }

    @Test
    void theSecretExamplesAreGitIgnoredWhenFilledIn() throws IOException {
        assertThat(Files.readString(COMPOSE_DIR.resolve("secrets/.gitignore")).lines())
                .contains("*.env");
        assertThat(Files.readString(COMPOSE_DIR.resolve("make-secrets.sh")))
                .contains("database.env", "admin.env", "webhook.env", "query.env");
    }

    record Breakage(String what, String from, String to, boolean schema, String expected) {}

    @Test
    void aBrokenComposeFileFailsEachCheck() throws IOException {
        String text = Files.readString(COMPOSE);
        List<Breakage> breakages = List.of(
                new Breakage(
                        "a misspelt key",
                        "    restart: unless-stopped\n    healthcheck:\n      test:\n        - CMD-SHELL",
                        "    restart: unless-stopped\n    healtcheck:\n      test:\n        - CMD-SHELL",
                        true,
                        "additional properties"),
                new Breakage(
                        "a list where text belongs",
                        "    restart: unless-stopped\n    healthcheck:\n      test:\n        - CMD-SHELL",
                        "    restart: [unless-stopped]\n    healthcheck:\n      test:\n        - CMD-SHELL",
                        true,
                        "restart"),
                new Breakage(
                        "a count that is text",
                        "      retries: 12\n      start_period: 20s",
                        "      retries: many\n      start_period: 20s",
                        false,
                        "retries"),
                new Breakage(
                        "a duration without a unit",
                        "      interval: 5s\n      timeout: 5s",
                        "      interval: 5\n      timeout: 5s",
                        false,
                        "interval"),
                new Breakage(
                        "an image without a concrete tag",
                        "image: postgres:17.6-bookworm",
                        "image: postgres:latest",
                        true,
                        "postgres:latest"),
                new Breakage(
                        "a dependency on no service",
                        "      postgres:\n        condition: service_healthy\n    volumes:\n"
                                + "      - ../../command-service",
                        "      postgre:\n        condition: service_healthy\n    volumes:\n"
                                + "      - ../../command-service",
                        false,
                        "postgre, which is not a service"),
                new Breakage(
                        "a dependency that does not wait for health",
                        "      kafka:\n        condition: service_healthy\n"
                                + "      postgres:\n        condition: service_healthy\n    volumes:\n      - ../../query-service",
                        "      kafka:\n        condition: service_started\n      postgres:\n        condition: service_healthy\n"
                                + "    volumes:\n      - ../../query-service",
                        false,
                        "service_started"),
                new Breakage(
                        "a service without a healthcheck",
                        "    restart: unless-stopped\n    healthcheck:\n      test:\n" + "        - CMD-SHELL",
                        "    restart: unless-stopped\n    x-healthcheck:\n      test:\n        - CMD-SHELL",
                        false,
                        "kafka has no healthcheck"),
                new Breakage(
                        "an undeclared volume",
                        "- kafka-data:/var/lib/kafka/data",
                        "- kafka-logs:/var/lib/kafka/data",
                        false,
                        "kafka-logs"),
                new Breakage(
                        "a missing bind mount",
                        "- ./probe.sh:/probe.sh:ro",
                        "- ./check.sh:/probe.sh:ro",
                        false,
                        "check.sh"),
                new Breakage(
                        "a missing env_file", "- secrets/query.env", "- secrets/queries.env", false, "queries.env"),
                new Breakage(
                        "a secret written into the file",
                        "      SERVER_PORT: \"8081\"\n",
                        "      SERVER_PORT: \"8081\"\n      DISPATCH_ADMINTOKEN: s3cret\n",
                        false,
                        "DISPATCH_ADMINTOKEN"),
                new Breakage(
                        "a healthcheck on another port",
                        "\"/probe.sh\", \"8082\"",
                        "\"/probe.sh\", \"8092\"",
                        false,
                        "8092"),
                new Breakage(
                        "a trusted proxy that is not the front",
                        "DISPATCH_WEB_TRUSTEDPROXIES: 172.28.0.10",
                        "DISPATCH_WEB_TRUSTEDPROXIES: 172.28.0.11",
                        false,
                        "not the front's address"),
                new Breakage(
                        "a front outside its network",
                        "ipv4_address: 172.28.0.10",
                        "ipv4_address: 172.29.0.10",
                        false,
                        "no fixed ipv4_address"),
                new Breakage(
                        "a front upstream on no service port",
                        "QUERY_UPSTREAM: query-service:8082",
                        "QUERY_UPSTREAM: query-service:8088",
                        false,
                        "query-service:8088"),
                new Breakage(
                        "a broker the service does not wait for",
                        "SPRING_KAFKA_BOOTSTRAP_SERVERS: kafka:9092\n"
                                + "      SPRING_DATASOURCE_URL: jdbc:postgresql://postgres:5432/dispatch\n      SPRING_DATASOURCE_USERNAME: dispatch\n"
                                + "      DISPATCH_PUBLICBASEURL",
                        "SPRING_KAFKA_BOOTSTRAP_SERVERS: broker:9092\n"
                                + "      SPRING_DATASOURCE_URL: jdbc:postgresql://postgres:5432/dispatch\n      SPRING_DATASOURCE_USERNAME: dispatch\n"
                                + "      DISPATCH_PUBLICBASEURL",
                        false,
                        "broker"));

        for (Breakage breakage : breakages) {
            assertThat(text).as(breakage.what() + ": the text to break").contains(breakage.from());
            String broken = text.replaceFirst(Pattern.quote(breakage.from()), Matcher.quoteReplacement(breakage.to()));
            String found;
            if (breakage.schema()) {
                NpmTools.Result result = dclint(broken);
                assertThat(result.exitCode())
                        .as(breakage.what() + " must fail dclint:\n" + result.output())
                        .isNotZero();
                assertThat(result.output()).as(breakage.what()).contains(breakage.expected());
                found = result.output()
                        .lines()
                        .filter(l -> l.contains(breakage.expected()))
                        .findFirst()
                        .orElseThrow()
                        .strip();
            } else {
                List<String> problems = problems(YamlDocuments.parse("compose.yaml", broken));
                assertThat(problems)
                        .as(breakage.what() + " must fail the reference check")
                        .anySatisfy(problem -> assertThat(problem).contains(breakage.expected()));
                found = problems.stream()
                        .filter(p -> p.contains(breakage.expected()))
                        .findFirst()
                        .orElseThrow();
            }
            System.out.println("[compose] caught " + breakage.what() + ": " + found);
        }
    }

    // --- dclint ----------------------------------------------------------------------------------

    /** dclint over a copy of the file (beside its config), every warning an error. */
    static NpmTools.Result dclint(String composeText) throws IOException {
        Path work = NpmTools.install(COMPOSE_DIR.resolve("lint"), LINT);
        Files.copy(
                COMPOSE_DIR.resolve(".dclintrc.yaml"),
                work.resolve(".dclintrc.yaml"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path copy = work.resolve("compose.yaml");
        Files.writeString(copy, composeText);
        return NpmTools.run(
                work,
                Duration.ofSeconds(60),
                List.of(
                        NpmTools.NODE.toString(),
                        "node_modules/dclint/bin/dclint.cjs",
                        "compose.yaml",
                        "-c",
                        ".dclintrc.yaml",
                        "--max-warnings",
                        "0",
                        "--color=false"));
    }

    // --- references --------------------------------------------------------------------------------

    static List<String> problems(List<Doc> docs) {
        List<String> problems = new ArrayList<>();
        if (docs.size() != 1) {
            return List.of("compose.yaml must be one YAML document, not " + docs.size());
        }
        Map<String, Object> compose = docs.getFirst().tree();
        Map<String, Object> services = map(compose, "services");
        Set<String> declaredVolumes = map(compose, "volumes").keySet();
        Set<String> usedVolumes = new HashSet<>();
        if (compose.containsKey("version")) {
            problems.add("the obsolete top-level version: the Compose Specification has none");
        }
        for (String name : JAVA_SERVICES) {
            if (!services.containsKey(name)) {
                problems.add("no service " + name);
            }
        }
        for (String name : List.of("kafka", "postgres", "front")) {
            if (!services.containsKey(name)) {
                problems.add("no service " + name);
            }
        }

        Map<String, Map<String, String>> environments = new LinkedHashMap<>();
        for (var entry : services.entrySet()) {
            environments.put(entry.getKey(), environment(entry.getValue()));
        }

        for (var entry : services.entrySet()) {
            String name = entry.getKey();
            Object service = entry.getValue();
            Map<String, String> env = environments.get(name);

            String image = string(service, "image");
            if (image == null
                    || !(image.contains("@sha256:") || image.matches("[^:]+(:\\d+)?/.*:[^/:]+|[^:/]+(/[^:]+)?:[^/:]+"))
                    || image.endsWith(":latest")) {
                problems.add(name + ": image " + image + " is not pinned to a version tag or digest");
            }

            Object healthcheck = map(service, "healthcheck");
            List<Object> test = list(healthcheck, "test");
            if (test.isEmpty()
                    || Boolean.TRUE.equals(at(healthcheck, "disable"))
                    || "NONE".equals(String.valueOf(test.getFirst()))) {
                problems.add(name + " has no healthcheck");
            } else {
                for (String field : List.of("interval", "timeout", "retries")) {
                    if (at(healthcheck, field) == null) {
                        problems.add(name + ": healthcheck without " + field);
                    }
                }
                // the schema takes any string (for ${VARIABLES}); compose itself wants these forms
                Object retries = at(healthcheck, "retries");
                if (retries != null && !(retries instanceof Integer count && count > 0)) {
                    problems.add(name + ": healthcheck retries " + retries + " is not a positive whole number");
                }
                for (String field : List.of("interval", "timeout", "start_period", "start_interval")) {
                    Object duration = at(healthcheck, field);
                    if (duration != null && !String.valueOf(duration).matches("(\\d+(\\.\\d+)?(us|ms|s|m|h))+")) {
                        problems.add(name + ": healthcheck " + field + " " + duration
                                + " is not a duration such as 10s or 1m30s");
                    }
                }
            }
            if (JAVA_SERVICES.contains(name)) {
                String port = env.get("SERVER_PORT");
                List<String> words = test.stream().map(String::valueOf).toList();
                if (port == null || !words.contains(port) || !words.contains("/actuator/health/readiness")) {
                    problems.add(name + ": the healthcheck " + words
                            + " must ask /actuator/health/readiness on SERVER_PORT " + port);
                }
            }

            Map<String, Object> dependsOn = map(service, "depends_on");
            if (service instanceof Map<?, ?> m && m.get("depends_on") instanceof List<?>) {
                problems.add(name
                        + ": depends_on as a list starts without waiting for health; give condition: service_healthy");
            }
            for (var dependency : dependsOn.entrySet()) {
                String target = dependency.getKey();
                if (!services.containsKey(target)) {
                    problems.add(name + " depends on " + target + ", which is not a service");
                    continue;
                }
                String condition = string(dependency.getValue(), "condition");
                if (!"service_healthy".equals(condition)) {
                    problems.add(
                            name + " depends on " + target + " with condition " + condition + ", not service_healthy");
                }
                if (map(services.get(target), "healthcheck").isEmpty()) {
                    problems.add(name + " waits for the health of " + target + ", which has no healthcheck");
                }
            }

            for (Object volume : list(service, "volumes")) {
                String source;
                if (volume instanceof Map<?, ?> long_) {
                    source = string(long_, "source");
                } else {
                    source = String.valueOf(volume).split(":")[0];
                }
                if (source == null) {
                    continue;
                }
                if (source.startsWith(".") || source.startsWith("/")) {
                    Path path = COMPOSE_DIR.resolve(source).normalize();
                    if (!Files.exists(path) && !isBuiltJar(source)) {
                        problems.add(name + ": bind mount " + source + " does not exist (relative to deploy/compose)");
                    }
                } else {
                    usedVolumes.add(source);
                    if (!declaredVolumes.contains(source)) {
                        problems.add(name + ": volume " + source + " is not declared under the top-level volumes");
                    }
                }
            }

            Map<String, String> fromFiles = new LinkedHashMap<>();
            for (Object envFile : envFiles(service)) {
                String file = String.valueOf(envFile);
                Path path = COMPOSE_DIR.resolve(file).normalize();
                Path example = path.resolveSibling(path.getFileName() + ".example");
                if (Files.exists(example)) {
                    if (!gitIgnored(path)) {
                        problems.add(
                                name + ": env_file " + file + " holds secrets but no .gitignore beside it ignores it");
                    }
                    fromFiles.putAll(readEnvFile(example));
                } else if (Files.exists(path)) {
                    fromFiles.putAll(readEnvFile(path));
                } else {
                    problems.add(
                            name + ": env_file " + file + " exists neither committed nor as " + example.getFileName());
                }
            }
            for (String variable : env.keySet()) {
                if (SECRET_NAME.matcher(variable).matches()) {
                    problems.add(
                            name + ": " + variable + " is written into compose.yaml; give secrets through an env_file");
                }
            }
            for (String required : REQUIRED_SECRETS.getOrDefault(name, List.of())) {
                if (!fromFiles.containsKey(required)) {
                    problems.add(name + ": no env_file gives " + required);
                }
            }

            if (JAVA_SERVICES.contains(name)) {
                String kafka = env.get("SPRING_KAFKA_BOOTSTRAP_SERVERS");
                String jdbc = env.get("SPRING_DATASOURCE_URL");
                for (String address : kafka == null ? List.<String>of() : List.of(kafka.split(","))) {
                    checkAddress(
                            problems,
                            name,
                            "SPRING_KAFKA_BOOTSTRAP_SERVERS",
                            address.strip(),
                            services,
                            environments,
                            dependsOn);
                }
                if (kafka == null) {
                    problems.add(name + ": no SPRING_KAFKA_BOOTSTRAP_SERVERS");
                }
                Matcher url =
                        Pattern.compile("jdbc:postgresql://([^/]+)/.*").matcher(Objects.requireNonNullElse(jdbc, ""));
                if (!url.matches()) {
                    problems.add(name + ": SPRING_DATASOURCE_URL " + jdbc + " is no jdbc:postgresql:// URL");
                } else {
                    checkAddress(
                            problems, name, "SPRING_DATASOURCE_URL", url.group(1), services, environments, dependsOn);
                }
                if (name.equals("query-service") && env.get("SPRING_R2DBC_URL") == null) {
                    problems.add(name + ": no SPRING_R2DBC_URL (the read side is R2DBC)");
                }
            }

            for (FrontUpstream upstream : FrontUpstream.in(env)) {
                Map<String, String> targetEnv = environments.get(upstream.host());
                String named = name + ": " + upstream.variable() + " " + upstream.server();
                if (targetEnv == null
                        || upstream.port() == null
                        || !upstream.port().equals(targetEnv.get("SERVER_PORT"))) {
                    problems.add(named + " is not a service's SERVER_PORT");
                } else if (!dependsOn.containsKey(upstream.host())) {
                    problems.add(named + " but " + name + " does not wait for " + upstream.host());
                }
            }
        }
        // the per-IP limits trust X-Forwarded-For only from the front: its fixed address, in the network's subnet
        Object frontAddress = at(services.get("front"), "networks", "default", "ipv4_address");
        List<String> subnets = list(at(compose, "networks", "default", "ipam"), "config").stream()
                .map(c -> string(c, "subnet"))
                .filter(Objects::nonNull)
                .toList();
        if (frontAddress == null || subnets.stream().noneMatch(net -> inSubnet(String.valueOf(frontAddress), net))) {
            problems.add(
                    "front: no fixed ipv4_address " + frontAddress + " in the default network's subnets " + subnets);
        }
        for (String name : JAVA_SERVICES) {
            String trusted = environments.getOrDefault(name, Map.of()).get("DISPATCH_WEB_TRUSTEDPROXIES");
            if (trusted == null || !List.of(trusted.split("\\s*,\\s*")).contains(String.valueOf(frontAddress))) {
                problems.add(name + ": DISPATCH_WEB_TRUSTEDPROXIES " + trusted + " is not the front's address "
                        + frontAddress);
            }
        }
        Set<String> declaredNetworks = map(compose, "networks").keySet();
        for (var entry : services.entrySet()) {
            Object networks = entry.getValue() instanceof Map<?, ?> m ? m.get("networks") : null;
            Iterable<?> names = networks instanceof Map<?, ?> byName
                    ? byName.keySet()
                    : networks instanceof List<?> listed ? listed : List.of();
            for (Object network : names) {
                if (!"default".equals(network) && !declaredNetworks.contains(String.valueOf(network))) {
                    problems.add(
                            entry.getKey() + ": network " + network + " is not declared under the top-level networks");
                }
            }
        }

        for (String volume : declaredVolumes) {
            if (!usedVolumes.contains(volume)) {
                problems.add("volume " + volume + " is declared but no service uses it");
            }
        }
        problems.addAll(cycles(services));
        return problems;
    }

    private static boolean inSubnet(String address, String cidr) {
        try {
            String[] parts = cidr.split("/");
            byte[] net = java.net.InetAddress.getByName(parts[0]).getAddress();
            byte[] ip = java.net.InetAddress.getByName(address).getAddress();
            int bits = Integer.parseInt(parts[1]);
            if (net.length != ip.length || !address.matches("[0-9.:a-fA-F]+")) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((net[i / 8] & mask) != (ip[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static void checkAddress(
            List<String> problems,
            String name,
            String setting,
            String address,
            Map<String, Object> services,
            Map<String, Map<String, String>> environments,
            Map<String, Object> dependsOn) {
        String host = address.split(":")[0];
        if (!services.containsKey(host)) {
            problems.add(name + ": " + setting + " names " + host + ", which is not a service");
        } else if (!dependsOn.containsKey(host)) {
            problems.add(name + ": " + setting + " names " + host + " but " + name + " does not wait for it");
        }
    }

    /** The services' own jars: ../../<module>/target/<module>-<version>-exec.jar of a module of the build. */
    private static boolean isBuiltJar(String source) {
        Matcher jar = Pattern.compile("\\.\\./\\.\\./([a-z-]+)/target/\\1-([0-9][^/]*)-exec\\.jar")
                .matcher(source);
        if (!jar.matches() || !JAVA_SERVICES.contains(jar.group(1))) {
            return false;
        }
        try {
            String rootPom = Files.readString(ROOT.resolve("pom.xml"));
            Matcher version = Pattern.compile("<artifactId>dispatch-parent</artifactId>\\s*<version>([^<]+)</version>")
                    .matcher(rootPom);
            return Files.exists(ROOT.resolve(jar.group(1)).resolve("pom.xml"))
                    && version.find()
                    && version.group(1).equals(jar.group(2));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean gitIgnored(Path file) {
        for (Path dir = file.getParent(); dir != null && dir.startsWith(COMPOSE_DIR); dir = dir.getParent()) {
            Path ignore = dir.resolve(".gitignore");
            if (!Files.exists(ignore)) {
                continue;
            }
            try {
                for (String line : Files.readAllLines(ignore)) {
                    String pattern = line.strip();
                    if (pattern.isEmpty() || pattern.startsWith("#")) {
                        continue;
                    }
                    if (FileSystems.getDefault()
                            .getPathMatcher("glob:" + pattern)
                            .matches(file.getFileName())) {
                        return true;
                    }
                }
            } catch (IOException e) {
                return false;
            }
        }
        return false;
    }

    private static Map<String, String> readEnvFile(Path file) {
        Map<String, String> values = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(file)) {
                String stripped = line.strip();
                if (stripped.isEmpty() || stripped.startsWith("#") || !stripped.contains("=")) {
                    continue;
                }
                values.put(
                        stripped.substring(0, stripped.indexOf('=')).strip(),
                        stripped.substring(stripped.indexOf('=') + 1));
            }
        } catch (IOException e) {
            values.put("unreadable " + file, e.toString());
        }
        return values;
    }

    private static Map<String, String> environment(Object service) {
        Map<String, String> env = new LinkedHashMap<>();
        Object value = service instanceof Map<?, ?> m ? m.get("environment") : null;
        if (value instanceof Map<?, ?> pairs) {
            pairs.forEach((k, v) -> env.put(String.valueOf(k), v == null ? null : String.valueOf(v)));
        } else if (value instanceof List<?> lines) {
            for (Object line : lines) {
                String text = String.valueOf(line);
                int eq = text.indexOf('=');
                env.put(eq < 0 ? text : text.substring(0, eq), eq < 0 ? null : text.substring(eq + 1));
            }
        }
        return env;
    }

    private static List<Object> envFiles(Object service) {
        Object value = service instanceof Map<?, ?> m ? m.get("env_file") : null;
        if (value instanceof String single) {
            return List.of(single);
        }
        List<Object> files = new ArrayList<>();
        if (value instanceof List<?> many) {
            for (Object item : many) {
                files.add(item instanceof Map<?, ?> long_ ? string(long_, "path") : item);
            }
        }
        return files;
    }

    private static List<String> cycles(Map<String, Object> services) {
        List<String> problems = new ArrayList<>();
        for (String start : services.keySet()) {
            Deque<String> todo =
                    new ArrayDeque<>(map(services.get(start), "depends_on").keySet());
            Set<String> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                String next = todo.pop();
                if (next.equals(start)) {
                    problems.add(start + " depends on itself through depends_on");
                    break;
                }
                if (seen.add(next) && services.containsKey(next)) {
                    todo.addAll(map(services.get(next), "depends_on").keySet());
                }
            }
        }
        return problems;
    }
}
