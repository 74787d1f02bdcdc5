package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The served OpenAPI documents as a client generator reads them (issue 18, decisions.md §12).
 * The merchant document the Java and TypeScript clients are generated from is committed at
 * {@link #COMMITTED}; it must equal the served one, so a change to a controller that changes the
 * document fails here until the file is rewritten: {@code mvn -B -pl deploy -am test
 * -Dtest=OpenApiDocumentTest -Dsurefire.failIfNoSpecifiedTests=false -Dopenapi.write=true}, then
 * the next build regenerates the clients from it.
 */
class OpenApiDocumentTest {

    static final Path COMMITTED = Path.of("..", "merchant-client", "src", "main", "openapi", "merchant-api.json");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @Test
    void the_committed_merchant_document_is_the_served_one() throws Exception {
        JsonNode served = JSON.readTree(fetch("/v3/api-docs"));
        if (Boolean.getBoolean("openapi.write")) {
            Files.writeString(COMMITTED, JSON.writeValueAsString(served) + "\n");
        }
        JsonNode committed = JSON.readTree(Files.readString(COMMITTED));
        assertThat(committed)
                .as(
                        "%s differs from the served /v3/api-docs: rewrite it with -Dopenapi.write=true (see this class)",
                        COMMITTED)
                .isEqualTo(served);
    }

    @Test
    void the_merchant_document_names_one_credential_a_license_servers_and_human_operation_ids() throws Exception {
        JsonNode document = JSON.readTree(fetch("/v3/api-docs"));
        assertThat(document.get("openapi").asText()).startsWith("3.1");
        assertThat(document.at("/info/license/identifier").asText()).isEqualTo("Apache-2.0");
        assertThat(document.at("/servers/0/url").asText()).isEqualTo("http://localhost:8080");
        assertThat(names(document.at("/components/securitySchemes"))).containsExactly("apiKey");
        assertThat(document.at("/components/securitySchemes/apiKey/name").asText())
                .isEqualTo("X-API-Key");
        assertThat(operationIds(document))
                .containsExactlyInAnyOrder(
                        "ping",
                        "getQuote",
                        "createDispatch",
                        "createDispatchesInBulk",
                        "listDispatches",
                        "getDispatch",
                        "listDispatchEvents",
                        "getDispatching",
                        "listDispatchWebhooks",
                        "cancelDispatch",
                        "sendTestWebhook",
                        "resendWebhookNotification",
                        "getWebhookEndpoint",
                        "enableWebhookEndpoint",
                        "recoverWebhookNotifications",
                        "listEvents",
                        "importDispatches",
                        "getDailyStats",
                        "listRecentWebhooks");
        assertThat(document.at("/paths").fieldNames()).toIterable().allMatch(p -> p.startsWith("/api/v1/external/"));
    }

    @Test
    void every_merchant_operation_documents_its_error_answers_in_the_envelope() throws Exception {
        JsonNode paths = JSON.readTree(fetch("/v3/api-docs")).get("paths");
        paths.properties()
                .forEach(path -> path.getValue().properties().forEach(operation -> {
                    JsonNode responses = operation.getValue().get("responses");
                    Set<String> expected = new TreeSet<>(List.of("400", "401", "403", "422", "429", "500"));
                    if (path.getKey().contains("{")) {
                        expected.add("404");
                    }
                    if (path.getKey().startsWith("/api/v1/external/dispatches")) {
                        expected.add("409");
                    }
                    if (operation.getValue().has("requestBody")) {
                        expected.addAll(List.of("413", "415"));
                    }
                    assertThat(names(responses))
                            .as("%s %s", operation.getKey(), path.getKey())
                            .containsAll(expected);
                    expected.forEach(status -> assertThat(responses
                                    .at("/" + status + "/content/application~1json/schema/$ref")
                                    .asText())
                            .as("%s %s %s", operation.getKey(), path.getKey(), status)
                            .isEqualTo("#/components/schemas/ErrorResponse"));
                    responses
                            .properties()
                            .forEach(response -> assertThat(response.getValue()
                                            .at("/headers/X-Request-Id/required")
                                            .asBoolean())
                                    .as(
                                            "X-Request-Id on %s %s %s",
                                            operation.getKey(), path.getKey(), response.getKey())
                                    .isTrue());
                }));
    }

    @Test
    void no_document_leaks_a_jackson_tree_or_repeats_an_operation_id() throws Exception {
        for (String location : ResponseContract.DOCUMENTS) {
            String text = fetch(location);
            assertThat(text).as(location).doesNotContain("JsonNode").doesNotContain("\"nodeType\"");
            List<String> ids = operationIds(JSON.readTree(text));
            assertThat(ids).as(location).doesNotHaveDuplicates().noneMatch(id -> id.matches(".*_[0-9]+"));
            // proof media are read with a merchant's key or the operator token: either one, so both are named
            assertThat(JSON.readTree(text).at("/components/securitySchemes").size())
                    .as(location)
                    .isLessThanOrEqualTo(location.endsWith("/proof-media") ? 2 : 1);
        }
    }

    @Test
    void proof_media_are_documented_as_images_both_ways_and_read_with_either_credential() throws Exception {
        JsonNode upload = JSON.readTree(fetch("/v3/api-docs/rider"))
                .at("/paths/~1api~1v1~1rider~1dispatches~1{id}~1proof-media/post");
        for (String type : List.of("image~1jpeg", "image~1png")) {
            assertThat(upload.at("/requestBody/content/" + type + "/schema/format")
                            .asText())
                    .as("upload as %s", type)
                    .isEqualTo("binary");
        }
        assertThat(upload.at("/requestBody/required").asBoolean()).isTrue();
        assertThat(names(upload.get("responses"))).contains("201", "403", "404", "409", "413", "415", "422");
        assertThat(upload.at("/security/0/riderToken").isArray()).isTrue();

        JsonNode media = JSON.readTree(fetch("/v3/api-docs/proof-media"));
        assertThat(names(media.get("paths"))).containsExactly("/api/v1/proof-media/{mediaId}");
        JsonNode read = media.at("/paths/~1api~1v1~1proof-media~1{mediaId}/get");
        for (String type : List.of("image~1jpeg", "image~1png")) {
            assertThat(read.at("/responses/200/content/" + type + "/schema/format")
                            .asText())
                    .as("read as %s", type)
                    .isEqualTo("binary");
        }
        assertThat(names(read.get("responses"))).contains("200", "401", "403", "404");
        assertThat(read.get("security").toString()).contains("apiKey").contains("adminToken");
        assertThat(names(media.at("/components/securitySchemes"))).containsExactlyInAnyOrder("apiKey", "adminToken");
    }

    private static List<String> operationIds(JsonNode document) {
        List<String> ids = new ArrayList<>();
        document.get("paths")
                .forEach(path -> path.forEach(operation -> {
                    if (operation.has("operationId")) {
                        ids.add(operation.get("operationId").asText());
                    }
                }));
        return ids;
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** On a client of its own (MerchantApiTest: kept-alive connections after the documents). */
    private static String fetch(String path) throws Exception {
        try (HttpClient own =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpResponse<String> answer = own.send(
                    HttpRequest.newBuilder(URI.create(dispatch.baseUrl + path))
                            .timeout(Duration.ofSeconds(60))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(path).isEqualTo(200);
            return answer.body();
        }
    }
}
