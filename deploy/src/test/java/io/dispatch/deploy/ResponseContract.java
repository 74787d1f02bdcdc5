package io.dispatch.deploy;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The served OpenAPI documents as a contract on every answer the end-to-end tests receive
 * (decisions.md §12): {@link DispatchUnderTest#send} hands each answer here, and an answer on a
 * documented route whose status, headers or body the document does not describe fails the test
 * that received it. Bodies are held strictly: a field the document does not name
 * (additionalProperties is false unless it says otherwise), a null where the document does
 * not allow one, or a missing required field is an error. Atlassian's
 * openapi-request-validator-core does the checking; it has no WebFlux module, so this adapter
 * feeds it the JDK client's answers.
 *
 * <p>The merchant document is held whole (status, headers, body). The operator, rider,
 * tracking and proof-media documents are held to their statuses only, for now: their success schemas still name
 * the data without the envelope around it.
 *
 * <p>What was checked is written to {@code target/openapi/responses-checked.txt} when the JVM
 * ends: each documented (operation, status) and whether an answer exercised it.
 */
final class ResponseContract {

    /** The documents: the merchant API at /v3/api-docs, the others as groups. */
    static final List<String> DOCUMENTS = List.of(
            "/v3/api-docs",
            "/v3/api-docs/operator",
            "/v3/api-docs/rider",
            "/v3/api-docs/tracking",
            "/v3/api-docs/proof-media");

    static final String MERCHANT = "/v3/api-docs";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path REPORT = Path.of("target", "openapi", "responses-checked.txt");

    private final List<Document> documents = new ArrayList<>();
    private final Set<String> checked = ConcurrentHashMap.newKeySet();
    private final Set<String> documented = new TreeSet<>();

    private record Document(OpenApiInteractionValidator validator, List<Route> routes) {}

    /** One documented path template with its methods and their documented statuses. */
    private record Route(String template, Pattern pattern, Map<String, Set<String>> statuses) {}

    ResponseContract(String baseUrl) {
        for (String location : DOCUMENTS) {
            String text = fetch(baseUrl + location);
            OpenApiInteractionValidator.Builder validator =
                    OpenApiInteractionValidator.createForInlineApiSpecification(text);
            if (!location.equals(MERCHANT)) {
                // the operator, rider and tracking documents are held to their statuses only: their answer
                // schemas still name the data without its envelope (issue 18 made the merchant document exact first)
                validator.withLevelResolver(LevelResolver.create()
                        .withLevel("validation.response.body", ValidationReport.Level.IGNORE)
                        .withLevel("validation.response.header", ValidationReport.Level.IGNORE)
                        .build());
            }
            documents.add(new Document(validator.build(), routes(read(text))));
        }
        documents.forEach(d -> d.routes()
                .forEach(r -> r.statuses()
                        .forEach((method, statuses) -> statuses.forEach(
                                status -> documented.add(method + " " + r.template() + " " + status)))));
        Runtime.getRuntime().addShutdownHook(new Thread(this::writeReport));
    }

    /** Fails when a documented route answered what its document does not describe. */
    void check(String method, String pathAndQuery, HttpResponse<String> answer) {
        check(method, pathAndQuery, answer.statusCode(), answer.headers().map(), answer.body());
    }

    /** The same for an answer any client received (the generated client's, through an interceptor). */
    void check(String method, String pathAndQuery, int status, Map<String, List<String>> headers, String body) {
        String path = URI.create(pathAndQuery.replace("|", "%7C")).getRawPath();
        for (Document document : documents) {
            for (Route route : document.routes()) {
                if (!route.pattern().matcher(path).matches()
                        || !route.statuses().containsKey(method)) {
                    continue;
                }
                SimpleResponse.Builder response = SimpleResponse.Builder.status(status);
                headers.forEach(response::withHeader);
                if (!body.isEmpty()) {
                    response.withBody(body);
                }
                ValidationReport report =
                        document.validator().validateResponse(path, Request.Method.valueOf(method), response.build());
                if (report.hasErrors()) {
                    throw new AssertionError(
                            "%s %s answered %d, which the OpenAPI document does not describe:%n%s%nbody: %s"
                                    .formatted(method, pathAndQuery, status, messages(report), abbreviated(body)));
                }
                checked.add(method + " " + route.template() + " " + status);
                return;
            }
        }
    }

    private static String messages(ValidationReport report) {
        return report.getMessages().stream()
                .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
                .map(m -> "  - " + m.getKey() + ": " + m.getMessage())
                .collect(Collectors.joining("\n"));
    }

    private static String abbreviated(String body) {
        return body.length() > 2000 ? body.substring(0, 2000) + "..." : body;
    }

    /** Documented path templates, the longest literal first so /dispatches/bulk wins over /dispatches/{id}. */
    private static List<Route> routes(JsonNode document) {
        List<Route> routes = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = document.path("paths").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> path = it.next();
            Map<String, Set<String>> statuses = new java.util.TreeMap<>();
            path.getValue().fields().forEachRemaining(operation -> {
                if (operation.getValue().has("responses")) {
                    Set<String> codes = new TreeSet<>();
                    operation.getValue().get("responses").fieldNames().forEachRemaining(codes::add);
                    statuses.put(operation.getKey().toUpperCase(java.util.Locale.ROOT), codes);
                }
            });
            String regex = Pattern.quote(path.getKey()).replaceAll("\\{[^}]+}", "\\\\E[^/]+\\\\Q");
            routes.add(new Route(path.getKey(), Pattern.compile(regex), statuses));
        }
        routes.sort((a, b) -> Integer.compare(
                b.template().replaceAll("\\{[^}]+}", "").length(),
                a.template().replaceAll("\\{[^}]+}", "").length()));
        return routes;
    }

    private static JsonNode read(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** On a client of its own: see MerchantApiTest on kept-alive connections after the documents. */
    private static String fetch(String url) {
        try (HttpClient own =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpResponse<String> answer = own.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(60))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException(url + " answered " + answer.statusCode());
            }
            return answer.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** How many documented responses were exercised, and over how many routes. */
    String summary() {
        Set<String> hit = new TreeSet<>(checked);
        hit.retainAll(documented);
        Set<String> operations = documented.stream()
                .map(r -> r.substring(0, r.lastIndexOf(' ')))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> operationsHit = hit.stream()
                .map(r -> r.substring(0, r.lastIndexOf(' ')))
                .collect(Collectors.toCollection(TreeSet::new));
        return "%d of %d documented responses checked against a real answer, on %d of %d operations"
                .formatted(hit.size(), documented.size(), operationsHit.size(), operations.size());
    }

    private void writeReport() {
        try {
            Files.createDirectories(REPORT.getParent());
            StringBuilder text = new StringBuilder(summary()).append('\n');
            documented.forEach(r -> text.append(checked.contains(r) ? "checked    " : "unexercised")
                    .append(' ')
                    .append(r)
                    .append('\n'));
            Files.writeString(REPORT, text);
        } catch (IOException e) {
            System.err.println("could not write " + REPORT + ": " + e);
        }
    }
}
