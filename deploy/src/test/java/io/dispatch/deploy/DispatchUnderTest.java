package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.events.signing.WebhookVerifier;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.infrastructure.WebhookReceiver;
import io.dispatch.web.secret.SecretCipher;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The whole service in one JVM, started once for every test class of this module (as the
 * local run starts it, against the shared real Kafka broker and PostgreSQL), and an HTTP
 * client that talks to it over real HTTP.
 */
final class DispatchUnderTest {

    static final String ADMIN_TOKEN = "test-admin-token";
    static final double SIMULATOR_FAIL_SHARE = 0.5;
    static final ObjectMapper JSON = new ObjectMapper();
    /** The sample order: cash on delivery across Nairobi's CBD; {@code %s} is its externalId. */
    static final String ORDER = """
      {"customerName":"Amina Njeri","customerPhone":"+254 700 000 001","externalId":"%s",
       "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
       "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},
       "paymentType":"COD","amountCents":150000}""";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static DispatchUnderTest running;

    private final ConfigurableApplicationContext app;
    final String baseUrl;

    private DispatchUnderTest() {
        var infrastructure = SharedTestInfrastructure.get();
        Map<String, Object> properties =
                new HashMap<>(infrastructure.springProperties(SharedTestInfrastructure.newDatabase()));
        properties.put("server.port", "0");
        properties.put("spring.application.name", "dispatch-local");
        properties.put("dispatch.admin-token", ADMIN_TOKEN);
        properties.put("dispatch.webhook.allow-insecure-targets", "true");
        properties.put("dispatch.webhook.retry.first-wait", "PT0.2S");
        // every test client is 127.0.0.1: the per-IP limit of public routes is tested in shared-web
        properties.put("dispatch.rate-limit.public-per-minute", "100000");
        // the simulated riders report every 0.1 s; the per-rider limit is tested in SecurityChainTest
        properties.put("dispatch.rate-limit.rider-per-minute", "100000");
        // the per-IP sign-in limit is tested in shared-web (PublicRateLimitFilterTest)
        properties.put("dispatch.rate-limit.sign-in-per-minute", "100000");
        // the fuzzer and the security tests send many wrong credentials from 127.0.0.1; this per-IP
        // limit is tested in shared-web (FailedCredentialsTest)
        properties.put("dispatch.rate-limit.failed-credentials-per-minute", "100000");
        // BoundedUnderLoadTest holds 2,000 streams from 127.0.0.1; the cap is tested in shared-web
        // (TrackingStreamSlotsTest)
        properties.put("dispatch.rate-limit.tracking-streams-per-client", "100000");
        properties.put("dispatch.dashboard.secure-cookie", "false");
        properties.put("dispatch.tracking.heartbeat", "PT1S");
        // BATCHED's background improvement every two seconds, so a test sees it move deliveries between riders
        properties.put("dispatch.plan.reoptimize-interval", "PT2S");
        // the fuzzer asks for many what-if comparisons; one instance's queue of 3 is tested in query-service
        // (WhatIfRoutesTest), and a 503 of a full queue is a 5xx the fuzzer would report
        properties.put("dispatch.whatif.max-queued", "100");
        // no tile server answers here (nothing listens on port 1): the map pages draw the map themselves
        properties.put("dispatch.maps.tile-url", TrackingPageBrowserTest.NO_TILE_SERVER);
        // a slow request head is closed after this (RequestLimitsTest); a test client sends a head at once
        properties.put("dispatch.http.header-timeout", "PT2S");
        properties.put("dispatch.webhook.secret-encryption-key", SecretCipher.newBase64Key());
        properties.put("dispatch.integrations.secret-encryption-key", SecretCipher.newBase64Key());
        // a rebuild's swap gives up after this when a test holds the live tables (ProjectionRebuildTest)
        properties.put("dispatch.rebuild.lock-timeout", "PT2S");
        // simulated riders take sandbox merchants' deliveries only; at 600x a 4 km ride takes about a second
        properties.put("dispatch.simulator.enabled", "true");
        properties.put("dispatch.simulator.riders", "3");
        properties.put("dispatch.simulator.time-scale", "600");
        properties.put("dispatch.simulator.fail-share", String.valueOf(SIMULATOR_FAIL_SHARE));
        properties.put("dispatch.simulator.location-interval", "PT0.1S");
        // 2 s real before a simulated rider takes a sandbox delivery: an operator's assignment sent at once lands
        // on a NEW delivery (SandboxSimulatorTest), not on one a simulated rider already collected
        properties.put("dispatch.simulator.accept-after", "PT20M");
        app = new SpringApplicationBuilder(LocalDispatchApplication.class)
                .environment(LocalRun.withDefaults(properties))
                .run();
        baseUrl = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    static synchronized DispatchUnderTest get() {
        if (running == null) {
            running = new DispatchUnderTest();
            Runtime.getRuntime().addShutdownHook(new Thread(running.app::close));
        }
        return running;
    }

    /** A merchant with one key of the given scopes (both when none are given). */
    record Merchant(String id, String apiKey) {
        /** The public half of the key, {@code <key_id>} of {@code <key_id>.<secret>}. */
        String keyId() {
            return apiKey.substring(0, apiKey.indexOf('.'));
        }
    }

    Merchant newMerchant(String name, String... scopes) throws Exception {
        String id = call("POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"" + name + "\"}", 201)
                .json()
                .get("data")
                .get("id")
                .asText();
        return new Merchant(id, newKey(id, scopes));
    }

    /** A sandbox merchant: the simulated riders take its deliveries. */
    Merchant newSandboxMerchant(String name) throws Exception {
        JsonNode created = call(
                        "POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"" + name + "\",\"sandbox\":true}", 201)
                .data();
        assertThat(created.get("sandbox").asBoolean()).isTrue();
        String id = created.get("id").asText();
        return new Merchant(id, newKey(id));
    }

    String newKey(String merchantId, String... scopes) throws Exception {
        String body = scopes.length == 0 ? "{}" : "{\"scopes\":" + JSON.writeValueAsString(List.of(scopes)) + "}";
        return call("POST", "/api/v1/admin/merchants/" + merchantId + "/api-keys", admin(), body, 201)
                .json()
                .get("data")
                .get("apiKey")
                .asText();
    }

    /** A registered rider and its token. */
    record Rider(String id, String token) {}

    /** A real rider: it takes real merchants' deliveries only. */
    Rider newRider(String name) throws Exception {
        return newRider(name, false);
    }

    /** A sandbox rider: it takes sandbox merchants' deliveries only (decisions.md §13). */
    Rider newSandboxRider(String name) throws Exception {
        return newRider(name, true);
    }

    private Rider newRider(String name, boolean sandbox) throws Exception {
        JsonNode data = call(
                        "POST",
                        "/api/v1/admin/riders",
                        admin(),
                        "{\"name\":\"" + name + "\",\"phone\":\"+254 711 000 000\""
                                + (sandbox ? ",\"sandbox\":true" : "") + "}",
                        201)
                .data();
        assertThat(data.path("sandbox").asBoolean()).as("a sandbox rider").isEqualTo(sandbox);
        return new Rider(data.get("id").asText(), data.get("token").asText());
    }

    /** The rider hands the delivery over with a PIN proof signed by the recipient: 200, or 422 for a wrong PIN. */
    Answer deliverWithPin(Rider rider, String dispatchId, String recipientName, String pin, int expected)
            throws Exception {
        return call(
                "POST",
                "/api/v1/rider/dispatches/" + dispatchId + "/deliver",
                rider(rider),
                "{\"proof\":{\"type\":\"PIN\",\"recipientName\":\"" + recipientName + "\",\"pin\":\"" + pin + "\"}}",
                expected);
    }

    static Map<String, String> rider(Rider rider) {
        return Map.of("X-Rider-Token", rider.token());
    }

    /** A bean of the running service, for what no API shows (e.g. the event store itself). */
    <T> T bean(Class<T> type) {
        return app.getBean(type);
    }

    /** Every bean of a type, by name. */
    <T> Map<String, T> beans(Class<T> type) {
        return app.getBeansOfType(type);
    }

    /** Registers the merchant's webhook URL and answers the signing secret shown once. */
    String registerWebhook(String merchantId, String url) throws Exception {
        return call(
                        "PUT",
                        "/api/v1/admin/merchants/" + merchantId + "/webhook",
                        admin(),
                        "{\"url\":\"" + url + "\"}",
                        200)
                .data()
                .get("signingSecret")
                .asText();
    }

    /** Creates a delivery as the merchant (201) and answers its id. */
    String createDelivery(Merchant merchant, String order) throws Exception {
        return call("POST", "/api/v1/external/dispatches", merchant(merchant.apiKey()), order, 201)
                .data()
                .get("id")
                .asText();
    }

    /** Cancels the delivery as the merchant (200), with the reason, or none when it is null. */
    JsonNode cancelDelivery(Merchant merchant, String id, String reason) throws Exception {
        String body = reason == null
                ? "{\"status\":\"CANCELLED\"}"
                : "{\"status\":\"CANCELLED\",\"reason\":\"" + reason + "\"}";
        return call("PATCH", "/api/v1/external/dispatches/" + id + "/status", merchant(merchant.apiKey()), body, 200)
                .data();
    }

    /** The webhooks the receiver got about one delivery (their data's dispatch_id), in arrival order. */
    static List<WebhookReceiver.Received> hooksFor(WebhookReceiver receiver, String dispatchId) throws Exception {
        List<WebhookReceiver.Received> found = new ArrayList<>();
        for (WebhookReceiver.Received hook : receiver.received()) {
            if (JSON.readTree(hook.body())
                    .path("data")
                    .path("dispatch_id")
                    .asText()
                    .equals(dispatchId)) {
                found.add(hook);
            }
        }
        return found;
    }

    /** Checks the webhook's signature with the merchant's signing secret: WebhookVerifier throws when it fails. */
    static void verifySignature(WebhookReceiver.Received hook, String secret) {
        new WebhookVerifier(Clock.systemUTC())
                .verify(
                        List.of(secret),
                        hook.header(WebhookSigner.TIMESTAMP_HEADER),
                        hook.header(WebhookSigner.SIGNATURE_HEADER),
                        hook.body());
    }

    static Map<String, String> admin() {
        return Map.of("X-Admin-Token", ADMIN_TOKEN);
    }

    /** X-API-Key with a fresh Idempotency-Key. */
    static Map<String, String> merchant(String apiKey) {
        return Map.of("X-API-Key", apiKey, "Idempotency-Key", UUID.randomUUID().toString());
    }

    record Answer(HttpResponse<String> response) {
        JsonNode json() {
            try {
                return JSON.readTree(response.body());
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + response.body(), e);
            }
        }

        JsonNode data() {
            return json().get("data");
        }

        JsonNode error() {
            return json().get("error");
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        int status() {
            return response.statusCode();
        }
    }

    /**
     * A square zone of {@code halfSide} degrees around (lat, lng) with the dispatching tests' pricing and travel
     * (detour 1.2 at 20 km/h), and its policy set to {@code policy} (a PUT body).
     */
    void newZone(String zoneId, double lat, double lng, double halfSide, String policy) throws Exception {
        double d = halfSide;
        call(
                "PUT",
                "/api/v1/admin/zones/" + zoneId,
                admin(),
                """
        {"name":"%s","priority":5,
         "polygon":{"type":"Polygon","coordinates":[[[%s,%s],[%s,%s],[%s,%s],[%s,%s],[%s,%s]]]},
         "baseFeeCents":10000,"perKmCents":1000,"minFeeCents":12000,"targetPickupSeconds":900,
         "targetDeliverySeconds":2700,"detourFactor":1.2,"avgSpeedKmh":20}""".formatted(
                                zoneId, lng - d, lat - d, lng + d, lat - d, lng + d, lat + d, lng - d, lat + d, lng - d,
                                lat - d),
                201);
        JsonNode set = call("PUT", "/api/v1/admin/dispatch/policies/" + zoneId, admin(), policy, 200)
                .data();
        assertThat(set.get("version").asLong()).isEqualTo(1);
    }

    /** GET /admin/dispatches/:id/decisions, in order. */
    List<JsonNode> decisions(String dispatchId) throws Exception {
        List<JsonNode> decisions = new ArrayList<>();
        call("GET", "/api/v1/admin/dispatches/" + dispatchId + "/decisions", admin(), null, 200)
                .data()
                .forEach(decisions::add);
        return decisions;
    }

    /** The rider holding the delivery, "" when nobody does. */
    String holder(String dispatchId) throws Exception {
        JsonNode delivery = call("GET", "/api/v1/admin/dispatches/" + dispatchId, admin(), null, 200)
                .data();
        return delivery.path("riderId").isNull() ? "" : delivery.path("riderId").asText();
    }

    /** Sends a JSON request (or none) and checks the status and that X-Request-Id is there. */
    Answer call(String method, String path, Map<String, String> headers, String body, int expected) throws Exception {
        Answer answer = send(method, path, headers, body, "application/json");
        assertThat(answer.status())
                .as("%s %s answered %s", method, path, answer.response().body())
                .isEqualTo(expected);
        assertThat(answer.header("X-Request-Id"))
                .as("X-Request-Id on %s %s", method, path)
                .isNotBlank();
        return answer;
    }

    Answer send(String method, String path, Map<String, String> headers, String body, String contentType)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                // a request that never gets an answer fails its test instead of holding the whole build
                .timeout(java.time.Duration.ofSeconds(120))
                // as curl does above 1 MiB: a body the service answers before reading it (413 by its declared
                // length, 400 for a GET with a body) gets that answer instead of racing the close of the connection
                .expectContinue(body != null && body.length() > 1024 * 1024)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null && contentType != null) {
            request.header("Content-Type", contentType);
        }
        headers.forEach(request::header);
        HttpResponse<String> response;
        try {
            response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.net.http.HttpTimeoutException noAnswer) {
            // what the services were doing instead: the one line CI prints must say it
            throw new AssertionError(
                    method + " " + path + " had no answer in 120 s; " + freshConnectionProbe() + "; "
                            + ThreadDumps.ofThisJvm("no-answer"),
                    noAnswer);
        }
        contract().check(method, path, response);
        return new Answer(response);
    }

    /**
     * After a request got no answer: whether the service answers a health check on a new connection. Yes points at
     * the connection the request went on (the client's pool or the server's side of it); no, at the service.
     */
    private String freshConnectionProbe() {
        long started = System.nanoTime();
        try (HttpClient fresh =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpResponse<String> health = fresh.send(
                    HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/health"))
                            .timeout(java.time.Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return "a new connection got " + health.statusCode() + " from /actuator/health in "
                    + (System.nanoTime() - started) / 1_000_000 + " ms";
        } catch (Exception e) {
            return "a new connection got no health answer either (" + e + ")";
        }
    }

    /**
     * Sends a body of bytes (an image; none when null) and answers the answer's bytes (an image, or
     * the envelope of an error), checked against the OpenAPI documents as {@link #send} does.
     */
    HttpResponse<byte[]> sendBytes(
            String method, String path, Map<String, String> headers, byte[] body, String contentType) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(java.time.Duration.ofSeconds(120))
                // as curl does above 1 MiB: a body the service refuses by its declared length (413) is then
                // never sent, instead of racing the service's close of the connection (a reset, no answer)
                .expectContinue(body != null && body.length > 1024 * 1024)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        headers.forEach(request::header);
        HttpResponse<byte[]> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        boolean json = response.headers().firstValue("Content-Type").orElse("").startsWith("application/json");
        contract()
                .check(
                        method,
                        path,
                        response.statusCode(),
                        response.headers().map(),
                        json ? new String(response.body(), StandardCharsets.UTF_8) : "");
        return response;
    }

    /** POSTs a body read from a stream, sent chunked without Content-Length (the contract is not checked). */
    HttpResponse<String> sendStream(
            String path, Map<String, String> headers, java.io.InputStream body, String contentType) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(java.time.Duration.ofSeconds(120))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> body));
        headers.forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Every served OpenAPI document in one tree (paths, schemas and security schemes of the merchant
     * document and of the operator, rider and tracking groups), read on connections of their own.
     */
    JsonNode documents() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode all = JSON.createObjectNode();
        com.fasterxml.jackson.databind.node.ObjectNode paths = all.putObject("paths");
        com.fasterxml.jackson.databind.node.ObjectNode components = all.putObject("components");
        com.fasterxml.jackson.databind.node.ObjectNode schemas = components.putObject("schemas");
        com.fasterxml.jackson.databind.node.ObjectNode schemes = components.putObject("securitySchemes");
        for (String location : ResponseContract.DOCUMENTS) {
            JsonNode document;
            try (HttpClient own =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                document = JSON.readTree(own.send(
                                HttpRequest.newBuilder(URI.create(baseUrl + location))
                                        .timeout(java.time.Duration.ofSeconds(60))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body());
            }
            if (!all.has("openapi")) {
                all.set("openapi", document.get("openapi"));
                all.set("info", document.get("info"));
            }
            paths.setAll((com.fasterxml.jackson.databind.node.ObjectNode) document.get("paths"));
            schemas.setAll((com.fasterxml.jackson.databind.node.ObjectNode)
                    document.path("components").path("schemas"));
            if (document.path("components").has("securitySchemes")) {
                schemes.setAll((com.fasterxml.jackson.databind.node.ObjectNode)
                        document.get("components").get("securitySchemes"));
            }
        }
        return all;
    }

    private ResponseContract contract;

    /** The served OpenAPI documents, read once: every answer {@link #send} receives is checked against them. */
    synchronized ResponseContract contract() {
        if (contract == null) {
            contract = new ResponseContract(baseUrl);
        }
        return contract;
    }
}
