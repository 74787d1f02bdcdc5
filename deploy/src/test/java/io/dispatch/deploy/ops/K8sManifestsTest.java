package io.dispatch.deploy.ops;

import static io.dispatch.deploy.ops.YamlDocuments.at;
import static io.dispatch.deploy.ops.YamlDocuments.list;
import static io.dispatch.deploy.ops.YamlDocuments.map;
import static io.dispatch.deploy.ops.YamlDocuments.string;
import static io.dispatch.deploy.ops.YamlDocuments.stringMap;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.deploy.ops.YamlDocuments.Doc;
import io.dispatch.events.Topic;
import io.dispatch.events.Topics;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Quantity;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * deploy/k8s, checked three ways, each of which fails the build:
 * <ol>
 *   <li>fabric8's Kubernetes model reads every object strictly: a field the Kubernetes API does
 *       not have (a typo such as {@code livenesProbe}), a value of the wrong type, an invalid
 *       quantity or a kind it does not know is a failure ({@link #modelProblems});</li>
 *   <li>the Kubernetes API's OpenAPI schemas, through npm's kubernetes-models: required fields,
 *       enums, formats ({@link KubernetesSchemas});</li>
 *   <li>the objects refer to each other correctly: Services and budgets select a Deployment,
 *       ports and probes name container ports, ConfigMaps exist, Secrets are the documented
 *       ones, autoscalers target a Deployment and stay within the partitions, images are pinned,
 *       a NetworkPolicy keeps all but the front from the services' http ports (they trust its
 *       X-Forwarded-For) ({@link #referenceProblems}).</li>
 * </ol>
 * {@link #aBrokenManifestFailsEachCheck} feeds broken copies to show each check can fail.
 */
class K8sManifestsTest {

    static final Path K8S = Path.of("k8s");
    static final Path FRONT = Path.of("front");
    static final Path ROOT = Path.of("..");
    private static final ObjectMapper JSON = new ObjectMapper();
    static final Set<String> JAVA_SERVICES = Set.of("command-service", "query-service", "webhook-dispatcher");
    static final Set<String> CONSUMERS = Set.of("query-service", "webhook-dispatcher");
    static final int PARTITIONS =
            Topics.ALL.stream().mapToInt(Topic::partitions).max().orElseThrow();

    @Test
    void theKustomizationListsEveryManifest() throws IOException {
        Set<String> listed = new TreeSet<>(resources());
        Set<String> files;
        try (Stream<Path> paths = Files.list(K8S)) {
            files = paths.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml") && !n.equals("kustomization.yaml"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(listed)
                .as("resources of deploy/k8s/kustomization.yaml vs the manifests beside it")
                .isEqualTo(files);
    }

    @Test
    void fabric8sModelReadsEveryObjectStrictly() {
        List<Doc> docs = manifests();
        assertThat(docs).hasSizeGreaterThanOrEqualTo(14);
        assertThat(modelProblems(docs)).isEmpty();
    }

    @Test
    void theKubernetesSchemasAcceptEveryObject() {
        assertThat(KubernetesSchemas.problems(manifests())).isEmpty();
    }

    @Test
    void theObjectsReferToEachOther() throws IOException {
        assertThat(referenceProblems(manifests(), readme())).isEmpty();
    }

    @Test
    void theFrontConfigMapIsDeployFrontVerbatim() throws IOException {
        Map<String, String> data = configMap(manifests(), "dispatch-front");
        String current = Files.readString(K8S.resolve("front.yaml"));
        String synced = withFrontFiles(current);
        Path fixed = DebianPackages.BUILD.resolve("front.yaml");
        if (!synced.equals(current)) {
            Files.createDirectories(DebianPackages.BUILD);
            Files.writeString(fixed, synced);
        }
        for (String file : List.of("nginx.conf", "render.sh")) {
            assertThat(data.get(file))
                    .as(
                            "deploy/k8s/front.yaml's ConfigMap dispatch-front must hold deploy/front/" + file
                                    + " verbatim; after changing deploy/front: cp deploy/target/front.yaml deploy/k8s/front.yaml")
                    .isEqualTo(Files.readString(FRONT.resolve(file)));
        }
        assertThat(YamlDocuments.parse("front.yaml", synced))
                .as("the synced copy reads the same")
                .hasSize(4);
    }

    /** front.yaml with the block scalars nginx.conf and render.sh replaced by deploy/front's files. */
    static String withFrontFiles(String frontYaml) throws IOException {
        int conf = frontYaml.indexOf("  nginx.conf: |\n");
        int render = frontYaml.indexOf("  render.sh: |\n");
        int end = frontYaml.indexOf("\n---\n", render);
        assertThat(conf)
                .as("front.yaml: nginx.conf, then render.sh, then the next document")
                .isLessThan(render);
        assertThat(conf).isNotNegative();
        assertThat(end).isGreaterThan(render);
        return frontYaml.substring(0, conf) + "  nginx.conf: |\n"
                + indent(Files.readString(FRONT.resolve("nginx.conf"))) + "  render.sh: |\n"
                + indent(Files.readString(FRONT.resolve("render.sh"))) + frontYaml.substring(end + 1);
    }

    private static String indent(String text) {
        StringBuilder out = new StringBuilder();
        text.lines()
                .forEach(line -> out.append(line.isBlank() ? "" : "    " + line).append('\n'));
        return out.toString();
    }

    @Test
    void theKedaExampleScalesRealConsumerGroups() throws IOException {
        List<Doc> keda = YamlDocuments.load(K8S.resolve("optional/keda.yaml"));
        assertThat(kedaProblems(keda, manifests())).isEmpty();
    }

    /** A broken copy of a manifest, the check that must catch it, and what it must say. */
    record Breakage(
            String what,
            String file,
            String from,
            String to,
            Function<List<Doc>, List<String>> check,
            String expected) {}

    @Test
    void aBrokenManifestFailsEachCheck() throws IOException {
        String readme = readme();
        Function<List<Doc>, List<String>> model = K8sManifestsTest::modelProblems;
        Function<List<Doc>, List<String>> schemas = KubernetesSchemas::problems;
        Function<List<Doc>, List<String>> references = docs -> referenceProblems(docs, readme);
        List<Breakage> breakages = List.of(
                new Breakage(
                        "a misspelt field",
                        "command-service.yaml",
                        "livenessProbe:",
                        "livenesProbe:",
                        model,
                        "livenesProbe"),
                new Breakage(
                        "a string for a number",
                        "query-service.yaml",
                        "periodSeconds: 5",
                        "periodSeconds: often",
                        model,
                        "periodSeconds"),
                new Breakage(
                        "an invalid quantity",
                        "webhook-dispatcher.yaml",
                        "memory: 1Gi",
                        "memory: 1 gigabyte",
                        schemas,
                        "memory"),
                new Breakage(
                        "a missing required field",
                        "command-service.yaml",
                        "  selector:\n    matchLabels:",
                        "  selektor:\n    matchLabels:",
                        schemas,
                        "selector"),
                new Breakage(
                        "an unknown kind",
                        "namespace.yaml",
                        "kind: Namespace",
                        "kind: Namespaces",
                        schemas,
                        "Namespaces"),
                new Breakage(
                        "a Service selecting nothing",
                        "query-service.yaml",
                        "  selector:\n    app.kubernetes.io/name: query-service",
                        "  selector:\n    app.kubernetes.io/name: query-servic",
                        references,
                        "selects no Deployment"),
                new Breakage(
                        "a probe on a port the container lacks",
                        "command-service.yaml",
                        "port: http\n            periodSeconds: 10",
                        "port: admin\n            periodSeconds: 10",
                        references,
                        "admin"),
                new Breakage(
                        "an undocumented Secret",
                        "webhook-dispatcher.yaml",
                        "name: dispatch-webhook",
                        "name: dispatch-hooks",
                        references,
                        "dispatch-hooks"),
                new Breakage(
                        "an unpinned image",
                        "front.yaml",
                        "image: nginx:1.28.0-bookworm",
                        "image: nginx:latest",
                        references,
                        "nginx:latest"),
                new Breakage(
                        "more consumers than partitions",
                        "query-service.yaml",
                        "maxReplicas: 6",
                        "maxReplicas: 12",
                        references,
                        "partitions"),
                new Breakage(
                        "a service the NetworkPolicy leaves open",
                        "network-policy.yaml",
                        "values: [\"command-service\", \"query-service\", \"webhook-dispatcher\", \"dispatch-engine\"]",
                        "values: [\"command-service\", \"query-service\", \"dispatch-engine\"]",
                        references,
                        "http port of webhook-dispatcher"),
                new Breakage(
                        "an upstream naming no Service port",
                        "front.yaml",
                        "value: query-service:8082",
                        "value: query-service:9082",
                        references,
                        "query-service:9082"));

        for (Breakage breakage : breakages) {
            String text = Files.readString(K8S.resolve(breakage.file()));
            assertThat(text)
                    .as(breakage.what() + ": the text to break in " + breakage.file())
                    .contains(breakage.from());
            List<Doc> docs = new ArrayList<>();
            for (String file : resources()) {
                docs.addAll(
                        file.equals(breakage.file())
                                ? YamlDocuments.parse(file, text.replace(breakage.from(), breakage.to()))
                                : YamlDocuments.load(K8S.resolve(file)));
            }
            List<String> problems = breakage.check().apply(docs);
            assertThat(problems)
                    .as(breakage.what() + " must fail its check")
                    .anySatisfy(problem -> assertThat(problem).contains(breakage.expected()));
            System.out.println("[k8s] caught " + breakage.what() + ": "
                    + problems.stream()
                            .filter(p -> p.contains(breakage.expected()))
                            .findFirst()
                            .orElseThrow());
        }
    }

    // --- the manifests ---------------------------------------------------------------------------

    static List<String> resources() {
        Doc kustomization =
                YamlDocuments.load(K8S.resolve("kustomization.yaml")).getFirst();
        return list(kustomization.tree(), "resources").stream()
                .map(String::valueOf)
                .toList();
    }

    static List<Doc> manifests() {
        return resources().stream()
                .flatMap(file -> YamlDocuments.load(K8S.resolve(file)).stream())
                .toList();
    }

    private static String readme() throws IOException {
        return Files.readString(K8S.resolve("README.md"));
    }

    // --- 1. fabric8's model, strictly ------------------------------------------------------------

    /** Reads each object into fabric8's class for its kind; anything it keeps as "additional" is unknown to Kubernetes. */
    static List<String> modelProblems(List<Doc> docs) {
        List<String> problems = new ArrayList<>();
        for (Doc doc : docs) {
            KubernetesResource resource;
            try {
                resource = JSON.convertValue(doc.tree(), KubernetesResource.class);
            } catch (IllegalArgumentException e) {
                String where = "";
                if (e.getCause() instanceof com.fasterxml.jackson.databind.JsonMappingException mapping) {
                    StringBuilder path = new StringBuilder();
                    for (var reference : mapping.getPath()) {
                        path.append(
                                reference.getFieldName() != null
                                        ? "." + reference.getFieldName()
                                        : "[" + reference.getIndex() + "]");
                    }
                    where = " at " + path;
                }
                problems.add(doc.id() + ": " + firstLine(e.getMessage()) + where);
                continue;
            }
            if (resource == null || resource instanceof GenericKubernetesResource) {
                problems.add(
                        doc.id() + ": not a kind of the Kubernetes API (" + doc.apiVersion() + " " + doc.kind() + ")");
                continue;
            }
            walk(resource, doc.id() + " ", problems);
        }
        return problems;
    }

    private static void walk(Object value, String path, List<String> problems) {
        switch (value) {
            case null -> {}
            case Collection<?> items -> {
                int i = 0;
                for (Object item : items) {
                    walk(item, path + "[" + i++ + "]", problems);
                }
            }
            case Map<?, ?> entries -> entries.forEach((k, v) -> walk(v, path + "." + k, problems));
            case Quantity quantity -> {
                try {
                    Quantity.getAmountInBytes(quantity);
                } catch (RuntimeException e) {
                    problems.add(path + ": not a quantity: " + quantity);
                }
            }
            default -> {
                if (!value.getClass().getName().startsWith("io.fabric8.")) {
                    return;
                }
                for (Method getter : value.getClass().getMethods()) {
                    if (getter.getParameterCount() != 0
                            || Modifier.isStatic(getter.getModifiers())
                            || !getter.getName().startsWith("get")
                            || getter.getName().equals("getClass")
                            || !getter.getDeclaringClass().getName().startsWith("io.fabric8.")) {
                        continue;
                    }
                    Object child;
                    try {
                        child = getter.invoke(value);
                    } catch (IllegalAccessException | InvocationTargetException e) {
                        continue;
                    }
                    if (getter.getName().equals("getAdditionalProperties")) {
                        if (child instanceof Map<?, ?> extra && !extra.isEmpty()) {
                            problems.add(path + ": fields Kubernetes does not have: " + extra.keySet());
                        }
                        continue;
                    }
                    String field = Character.toLowerCase(getter.getName().charAt(3))
                            + getter.getName().substring(4);
                    walk(child, path + "." + field, problems);
                }
            }
        }
    }

    private static String firstLine(String message) {
        return message == null ? "?" : message.lines().findFirst().orElse(message);
    }

    // --- 3. references ---------------------------------------------------------------------------

    private static final Pattern PINNED_IMAGE =
            Pattern.compile("[^:@\\s]+(:[A-Za-z0-9_][A-Za-z0-9._-]*)?(@sha256:[0-9a-f]{64})?");

    static List<String> referenceProblems(List<Doc> docs, String readme) {
        List<String> problems = new ArrayList<>();
        Map<String, Doc> deployments = byName(docs, "Deployment");
        Map<String, Doc> services = byName(docs, "Service");
        Map<String, Doc> configMaps = byName(docs, "ConfigMap");
        Map<String, Doc> autoscalers = byName(docs, "HorizontalPodAutoscaler");
        Set<String> namespaces = byName(docs, "Namespace").keySet();

        for (Doc doc : docs) {
            if (!doc.kind().equals("Namespace")) {
                String namespace = string(map(doc.tree(), "metadata"), "namespace");
                if (namespace == null || !namespaces.contains(namespace)) {
                    problems.add(doc.id() + ": namespace " + namespace + " is not one of the manifests' Namespaces "
                            + namespaces);
                }
            }
        }

        for (Doc deployment : deployments.values()) {
            String id = deployment.id();
            Map<String, Object> spec = map(deployment.tree(), "spec");
            Map<String, String> selector = stringMap(at(spec, "selector", "matchLabels"));
            Map<String, String> labels = stringMap(at(spec, "template", "metadata", "labels"));
            if (selector.isEmpty() || !labels.entrySet().containsAll(selector.entrySet())) {
                problems.add(id + ": selector " + selector + " does not select its own pods " + labels);
            }
            if (autoscalers.values().stream()
                            .anyMatch(h -> deployment.name().equals(at(h.tree(), "spec", "scaleTargetRef", "name")))
                    && spec.containsKey("replicas")) {
                problems.add(id + ": sets replicas although a HorizontalPodAutoscaler owns them");
            }
            Map<String, Object> podSpec =
                    map(spec, "template").isEmpty() ? Map.of() : map(map(spec, "template"), "spec");
            Set<String> volumes = new TreeSet<>();
            for (Object volume : list(podSpec, "volumes")) {
                volumes.add(string(volume, "name"));
                String configMap = string(map(volume, "configMap"), "name");
                if (configMap != null && !configMaps.containsKey(configMap)) {
                    problems.add(id + ": volume of ConfigMap " + configMap + ", which the manifests do not define");
                }
            }
            List<Object> containers = list(podSpec, "containers");
            if (containers.isEmpty()) {
                problems.add(id + ": no containers");
            }
            for (Object container : containers) {
                String where = id + " container " + string(container, "name");
                String image = string(container, "image");
                if (image == null
                        || !PINNED_IMAGE.matcher(image).matches()
                        || !(image.contains("@sha256:") || image.matches(".*:[^/]+"))
                        || image.endsWith(":latest")) {
                    problems.add(where + ": image " + image + " is not pinned to a tag or digest (no :latest)");
                }
                Map<String, Object> resources = map(container, "resources");
                for (String bound : List.of("requests", "limits")) {
                    for (String resource : List.of("cpu", "memory")) {
                        if (at(resources, bound, resource) == null) {
                            problems.add(where + ": no resources." + bound + "." + resource);
                        }
                    }
                }
                Map<String, Integer> ports = new LinkedHashMap<>();
                for (Object port : list(container, "ports")) {
                    ports.put(string(port, "name"), Integer.valueOf(string(port, "containerPort")));
                }
                for (String probe : List.of("livenessProbe", "readinessProbe")) {
                    Object get = at(container, probe, "httpGet");
                    if (get == null) {
                        problems.add(where + ": no " + probe + " over HTTP");
                        continue;
                    }
                    String port = string(get, "port");
                    if (!ports.containsKey(port) && !ports.containsValue(parseOrNull(port))) {
                        problems.add(where + ": " + probe + " on port " + port
                                + ", which the container does not declare " + ports.keySet());
                    }
                    if (JAVA_SERVICES.contains(deployment.name())) {
                        String expected = probe.equals("livenessProbe")
                                ? "/actuator/health/liveness"
                                : "/actuator/health/readiness";
                        if (!expected.equals(string(get, "path"))) {
                            problems.add(
                                    where + ": " + probe + " must ask " + expected + ", not " + string(get, "path"));
                        }
                    }
                }
                Object startup = at(container, "startupProbe", "httpGet");
                if (startup != null && !ports.containsKey(string(startup, "port"))) {
                    problems.add(where + ": startupProbe on port " + string(startup, "port")
                            + ", which the container does not declare");
                }
                Map<String, String> env = new LinkedHashMap<>();
                for (Object variable : list(container, "env")) {
                    env.put(string(variable, "name"), string(variable, "value"));
                    Object secret = at(variable, "valueFrom", "secretKeyRef");
                    if (secret != null && !documented(readme, string(secret, "name"), string(secret, "key"))) {
                        problems.add(where + ": Secret " + string(secret, "name") + " key " + string(secret, "key")
                                + " is not one deploy/k8s/README.md tells operators to create");
                    }
                    Object configKey = at(variable, "valueFrom", "configMapKeyRef");
                    if (configKey != null
                            && !configMap(docs, string(configKey, "name")).containsKey(string(configKey, "key"))) {
                        problems.add(where + ": ConfigMap key " + string(configKey, "name") + "/"
                                + string(configKey, "key") + " is not defined");
                    }
                }
                for (Object source : list(container, "envFrom")) {
                    String configMap = string(map(source, "configMapRef"), "name");
                    if (configMap != null && !configMaps.containsKey(configMap)) {
                        problems.add(
                                where + ": envFrom ConfigMap " + configMap + ", which the manifests do not define");
                    }
                    if (map(source, "secretRef").containsKey("name")) {
                        problems.add(
                                where
                                        + ": envFrom a whole Secret; name each key with secretKeyRef so README.md can list them");
                    }
                }
                for (Object mount : list(container, "volumeMounts")) {
                    if (!volumes.contains(string(mount, "name"))) {
                        problems.add(
                                where + ": mounts volume " + string(mount, "name") + ", which the pod does not have");
                    }
                }
                if (JAVA_SERVICES.contains(deployment.name())) {
                    String serverPort = env.get("SERVER_PORT");
                    if (serverPort == null || !Objects.equals(ports.get("http"), parseOrNull(serverPort))) {
                        problems.add(where + ": SERVER_PORT " + serverPort + " is not the container's http port "
                                + ports.get("http"));
                    }
                }
                // the front's upstreams: Service names and ports
                for (FrontUpstream upstream : FrontUpstream.in(env)) {
                    Doc service = services.get(upstream.host());
                    boolean served = service != null
                            && upstream.port() != null
                            && list(service.tree().get("spec"), "ports").stream()
                                    .anyMatch(p -> upstream.port().equals(string(p, "port")));
                    if (!served) {
                        problems.add(where + ": " + upstream.variable() + " " + upstream.server()
                                + " is no port of a Service of the manifests");
                    }
                }
            }
        }

        for (Doc service : services.values()) {
            Map<String, String> selector = stringMap(at(service.tree(), "spec", "selector"));
            List<Doc> selected = selectedDeployments(deployments.values(), selector);
            if (selector.isEmpty() || selected.size() != 1) {
                problems.add(service.id() + ": selector " + selector + " selects no Deployment (or several: "
                        + selected.size() + ")");
                continue;
            }
            Set<String> containerPorts = new TreeSet<>();
            for (Object container : list(at(selected.getFirst().tree(), "spec", "template", "spec"), "containers")) {
                for (Object port : list(container, "ports")) {
                    containerPorts.add(string(port, "name"));
                    containerPorts.add(string(port, "containerPort"));
                }
            }
            for (Object port : list(service.tree().get("spec"), "ports")) {
                String target = Objects.requireNonNullElse(string(port, "targetPort"), string(port, "port"));
                if (!containerPorts.contains(target)) {
                    problems.add(service.id() + ": targetPort " + target + " is no port of "
                            + selected.getFirst().name());
                }
            }
        }

        for (Doc budget : byName(docs, "PodDisruptionBudget").values()) {
            if (selectedDeployments(
                                    deployments.values(),
                                    stringMap(at(budget.tree(), "spec", "selector", "matchLabels")))
                            .size()
                    != 1) {
                problems.add(budget.id() + ": selects no Deployment");
            }
        }

        // the services trust X-Forwarded-For from the pod CIDR only because nothing but the front reaches their http
        // port
        Set<String> guarded = new TreeSet<>();
        for (Doc policy : byName(docs, "NetworkPolicy").values()) {
            List<Doc> protectedPods = deployments.values().stream()
                    .filter(d -> selects(at(policy.tree(), "spec", "podSelector"), d, problems, policy.id()))
                    .toList();
            if (protectedPods.isEmpty()) {
                problems.add(policy.id() + ": its podSelector selects no Deployment");
            }
            for (Object rule : list(map(policy.tree(), "spec"), "ingress")) {
                for (Object peer : list(rule, "from")) {
                    Object pods = at(peer, "podSelector");
                    if (pods != null
                            && deployments.values().stream().noneMatch(d -> selects(pods, d, problems, policy.id()))) {
                        problems.add(
                                policy.id() + ": an ingress rule lets in pods " + pods + ", which are no Deployment's");
                    }
                }
                for (Object port : list(rule, "ports")) {
                    String name = string(port, "port");
                    for (Doc target : protectedPods) {
                        boolean declared = list(at(target.tree(), "spec", "template", "spec"), "containers").stream()
                                .flatMap(c -> list(c, "ports").stream())
                                .anyMatch(
                                        p -> name.equals(string(p, "name")) || name.equals(string(p, "containerPort")));
                        if (!declared) {
                            problems.add(policy.id() + ": port " + name + " is no port of " + target.name());
                        }
                    }
                    if ("http".equals(name)
                            && list(rule, "from").stream().allMatch(peer -> at(peer, "podSelector") != null)) {
                        protectedPods.forEach(d -> guarded.add(d.name()));
                    }
                }
            }
        }
        for (String service : JAVA_SERVICES) {
            if (!guarded.contains(service)) {
                problems.add("no NetworkPolicy keeps all but the front from the http port of " + service
                        + " (it trusts X-Forwarded-For from DISPATCH_WEB_TRUSTEDPROXIES)");
            }
        }

        for (Doc autoscaler : autoscalers.values()) {
            Map<String, Object> spec = map(autoscaler.tree(), "spec");
            String target = string(map(spec, "scaleTargetRef"), "name");
            if (!"Deployment".equals(string(map(spec, "scaleTargetRef"), "kind")) || !deployments.containsKey(target)) {
                problems.add(autoscaler.id() + ": scales " + target + ", which is no Deployment of the manifests");
            }
            int min = Integer.parseInt(Objects.requireNonNullElse(string(spec, "minReplicas"), "1"));
            int max = Integer.parseInt(Objects.requireNonNullElse(string(spec, "maxReplicas"), "0"));
            if (min < 1 || min > max) {
                problems.add(autoscaler.id() + ": minReplicas " + min + " and maxReplicas " + max + " make no range");
            }
            if (CONSUMERS.contains(target) && max > PARTITIONS) {
                problems.add(autoscaler.id() + ": maxReplicas " + max + " above the " + PARTITIONS
                        + " partitions of the topics it consumes: the extra instances would idle");
            }
        }
        for (String consumer : CONSUMERS) {
            if (autoscalers.values().stream()
                    .noneMatch(h -> consumer.equals(at(h.tree(), "spec", "scaleTargetRef", "name")))) {
                problems.add("no HorizontalPodAutoscaler for the consumer " + consumer);
            }
        }
        for (String service : JAVA_SERVICES) {
            if (!deployments.containsKey(service) || !services.containsKey(service)) {
                problems.add("no Deployment and Service " + service);
            }
        }
        return problems;
    }

    /** A label selector (matchLabels, and matchExpressions with In) against a Deployment's pod labels. */
    private static boolean selects(Object selector, Doc deployment, List<String> problems, String where) {
        Map<String, String> labels = stringMap(at(deployment.tree(), "spec", "template", "metadata", "labels"));
        Map<String, String> matchLabels = stringMap(at(selector, "matchLabels"));
        List<Object> expressions = selector instanceof Map<?, ?> m && m.get("matchExpressions") instanceof List<?> l
                ? List.copyOf(l)
                : List.of();
        if (matchLabels.isEmpty() && expressions.isEmpty()) {
            return true; // an empty selector selects every pod
        }
        if (!labels.entrySet().containsAll(matchLabels.entrySet())) {
            return false;
        }
        for (Object expression : expressions) {
            if (!"In".equals(string(expression, "operator"))) {
                problems.add(where + ": this check reads matchExpressions with In only, not "
                        + string(expression, "operator"));
                return false;
            }
            if (!list(expression, "values").stream()
                    .map(String::valueOf)
                    .toList()
                    .contains(labels.get(string(expression, "key")))) {
                return false;
            }
        }
        return true;
    }

    /** README.md lists each Secret and key in a table row: | `name` | `key` | ... */
    private static boolean documented(String readme, String name, String key) {
        return readme.lines()
                .anyMatch(line -> line.strip().startsWith("|")
                        && line.contains("`" + name + "`")
                        && line.contains("`" + key + "`"));
    }

    private static Integer parseOrNull(String text) {
        try {
            return text == null ? null : Integer.valueOf(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static List<Doc> selectedDeployments(Collection<Doc> deployments, Map<String, String> selector) {
        return deployments.stream()
                .filter(d -> !selector.isEmpty()
                        && stringMap(at(d.tree(), "spec", "template", "metadata", "labels"))
                                .entrySet()
                                .containsAll(selector.entrySet()))
                .toList();
    }

    private static Map<String, Doc> byName(List<Doc> docs, String kind) {
        Map<String, Doc> named = new LinkedHashMap<>();
        docs.stream().filter(d -> d.kind().equals(kind)).forEach(d -> named.put(d.name(), d));
        return named;
    }

    static Map<String, String> configMap(List<Doc> docs, String name) {
        return docs.stream()
                .filter(d -> d.kind().equals("ConfigMap") && d.name().equals(name))
                .findFirst()
                .map(d -> stringMap(d.tree().get("data")))
                .orElse(Map.of());
    }

    // --- the KEDA example ------------------------------------------------------------------------

    static List<String> kedaProblems(List<Doc> keda, List<Doc> docs) throws IOException {
        List<String> problems = new ArrayList<>();
        Set<String> groups = consumerGroupsInCode();
        Set<String> topics = Topics.ALL.stream().map(Topic::name).collect(Collectors.toSet());
        Map<String, Doc> deployments = byName(docs, "Deployment");
        String bootstrap = configMap(docs, "dispatch-config").get("SPRING_KAFKA_BOOTSTRAP_SERVERS");
        for (Doc scaled : keda) {
            if (!scaled.apiVersion().equals("keda.sh/v1alpha1")
                    || !scaled.kind().equals("ScaledObject")) {
                problems.add(scaled.id() + ": not a KEDA ScaledObject");
                continue;
            }
            Map<String, Object> spec = map(scaled.tree(), "spec");
            String target = string(map(spec, "scaleTargetRef"), "name");
            if (!CONSUMERS.contains(target) || !deployments.containsKey(target)) {
                problems.add(scaled.id() + ": scales " + target + ", not a consumer Deployment");
            }
            int max = Integer.parseInt(Objects.requireNonNullElse(string(spec, "maxReplicaCount"), "100"));
            if (max > PARTITIONS) {
                problems.add(scaled.id() + ": maxReplicaCount " + max + " above the " + PARTITIONS + " partitions");
            }
            for (Object trigger : list(spec, "triggers")) {
                Map<String, Object> metadata = map(trigger, "metadata");
                if (!"kafka".equals(string(trigger, "type"))) {
                    problems.add(scaled.id() + ": a trigger that is not kafka");
                }
                if (!groups.contains(string(metadata, "consumerGroup"))) {
                    problems.add(scaled.id() + ": consumer group " + string(metadata, "consumerGroup")
                            + " is none of the code's " + groups);
                }
                if (!topics.contains(string(metadata, "topic"))) {
                    problems.add(scaled.id() + ": topic " + string(metadata, "topic") + " is none of " + topics);
                }
                if (!Objects.equals(bootstrap, string(metadata, "bootstrapServers"))) {
                    problems.add(scaled.id() + ": bootstrapServers differ from dispatch-config's " + bootstrap);
                }
                if (string(metadata, "lagThreshold") == null) {
                    problems.add(scaled.id() + ": no lagThreshold");
                }
            }
        }
        return problems;
    }

    /**
     * The fixed consumer group ids of the consumers: {@code NAME}/{@code GROUP} constants of a
     * class with a {@code @KafkaListener}, or of a projection, whose listener PositionedProjection
     * declares with the projection's NAME as its group.
     */
    static Set<String> consumerGroupsInCode() throws IOException {
        Set<String> groups = new TreeSet<>();
        Pattern constant = Pattern.compile("static final String (?:NAME|GROUP) = \"([^\"]+)\"");
        for (String module : CONSUMERS) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(module).resolve("src/main/java"))) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String code = Files.readString(file);
                    if (!code.contains("@KafkaListener") && !code.contains(" extends PositionedProjection<")) {
                        continue;
                    }
                    Matcher m = constant.matcher(code);
                    while (m.find()) {
                        groups.add(m.group(1));
                    }
                }
            }
        }
        return groups;
    }
}
