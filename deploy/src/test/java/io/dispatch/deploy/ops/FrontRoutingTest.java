package io.dispatch.deploy.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The front, {@code deploy/front/nginx.conf}, run by Debian's nginx (installed when missing) in
 * front of three small HTTP servers that say which service they are and echo the forwarded
 * headers they got. Every route of the three services, as read from their controllers and
 * written down in {@link #ROUTES}, must reach its service; {@link #theTableListsEveryRouteOfTheCode}
 * keeps that table equal to the mapping annotations, so a new route fails here until the front
 * and the table know it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FrontRoutingTest {

    private static final Path FRONT = Path.of("front");
    private static final Path ROOT = Path.of("..");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ID = "0e99a1b2-4c5d-4e6f-8a7b-9c0d1e2f3a4b";
    private static final String OTHER_ID = "5f1e2d3c-4b5a-4968-8776-655443322110";

    /** One row per route of the services: method, path as in the annotation, the service that serves it. */
    record Route(String method, String path, String service) {
        String concrete() {
            return path.replace("{merchantId}", ID)
                    .replace("{keyId}", OTHER_ID)
                    .replace("{notificationId}", OTHER_ID)
                    .replace("{offerId}", OTHER_ID)
                    .replace("{zoneId}", "nairobi-cbd")
                    .replace("{token}", "trk_Q2x9mZ")
                    .replace("{mediaId}", "Vq3b9Yc1nJx0TgP2hW7sKd4e")
                    .replace("{id}", ID);
        }
    }

    static final String COMMAND = "command-service";
    static final String QUERY = "query-service";
    static final String DISPATCHER = "webhook-dispatcher";

    /** Read from the @*Mapping annotations of the three services' controllers (2026-11-23). */
    static final List<Route> ROUTES = List.of(
            // command-service: merchant writes
            new Route("POST", "/api/v1/external/ping", COMMAND),
            new Route("GET", "/api/v1/external/quotes", COMMAND),
            new Route("POST", "/api/v1/external/dispatches", COMMAND),
            new Route("POST", "/api/v1/external/dispatches/bulk", COMMAND),
            new Route("POST", "/api/v1/external/dispatches/import", COMMAND),
            new Route("PATCH", "/api/v1/external/dispatches/{id}/status", COMMAND),
            // command-service: riders
            new Route("POST", "/api/v1/rider/dispatches/{id}/accept", COMMAND),
            new Route("POST", "/api/v1/rider/dispatches/{id}/pickup", COMMAND),
            new Route("POST", "/api/v1/rider/dispatches/{id}/depart", COMMAND),
            new Route("POST", "/api/v1/rider/dispatches/{id}/deliver", COMMAND),
            new Route("POST", "/api/v1/rider/dispatches/{id}/fail", COMMAND),
            new Route("POST", "/api/v1/rider/location", COMMAND),
            new Route("POST", "/api/v1/rider/shift", COMMAND),
            new Route("POST", "/api/v1/rider/offers/{offerId}/accept", COMMAND),
            new Route("POST", "/api/v1/rider/offers/{offerId}/decline", COMMAND),
            new Route("POST", "/api/v1/rider/dispatches/{id}/decline", COMMAND),
            new Route("GET", "/api/v1/rider/me", COMMAND),
            new Route("POST", "/api/v1/rider/dispatches/{id}/proof-media", COMMAND),
            // command-service: proof media, read by the delivery's merchant and operators
            new Route("GET", "/api/v1/proof-media/{mediaId}", COMMAND),
            // command-service: operators
            new Route("POST", "/api/v1/admin/merchants", COMMAND),
            new Route("POST", "/api/v1/admin/merchants/{merchantId}/api-keys", COMMAND),
            new Route("DELETE", "/api/v1/admin/merchants/{merchantId}/api-keys/{keyId}", COMMAND),
            new Route("POST", "/api/v1/admin/merchants/{merchantId}/suspend", COMMAND),
            new Route("POST", "/api/v1/admin/merchants/{merchantId}/reactivate", COMMAND),
            new Route("POST", "/api/v1/admin/merchants/{merchantId}/dispatches", COMMAND),
            new Route("POST", "/api/v1/admin/merchants/{merchantId}/dispatches/import", COMMAND),
            new Route("PUT", "/api/v1/admin/merchants/{merchantId}/integrations/shopify", COMMAND),
            new Route("GET", "/api/v1/admin/merchants/{merchantId}/integrations/shopify", COMMAND),
            // command-service: the Shopify orders receiver and the merchant's dashboard settings
            new Route("POST", "/api/v1/integrations/shopify/{merchantId}/orders", COMMAND),
            new Route("PUT", "/api/v1/dashboard/integrations/shopify", COMMAND),
            new Route("GET", "/api/v1/dashboard/integrations/shopify", COMMAND),
            new Route("POST", "/api/v1/admin/dispatches/{id}/assign", COMMAND),
            new Route("POST", "/api/v1/admin/dispatches/{id}/fail", COMMAND),
            new Route("POST", "/api/v1/admin/dispatches/{id}/pin/reset", COMMAND),
            new Route("GET", "/api/v1/admin/pin-guard/stats", COMMAND),
            new Route("POST", "/api/v1/admin/riders", COMMAND),
            new Route("GET", "/api/v1/admin/riders", COMMAND),
            new Route("PUT", "/api/v1/admin/riders/{id}", COMMAND),
            new Route("POST", "/api/v1/admin/riders/{id}/enrolment", COMMAND),
            new Route("GET", "/api/v1/admin/dispatch/policies", COMMAND),
            new Route("PUT", "/api/v1/admin/dispatch/policies/{zoneId}", COMMAND),
            new Route("POST", "/api/v1/admin/dispatch/decisions", COMMAND),
            new Route("GET", "/api/v1/admin/zones", COMMAND),
            new Route("PUT", "/api/v1/admin/zones/{zoneId}", COMMAND),
            new Route("DELETE", "/api/v1/admin/zones/{zoneId}", COMMAND),
            new Route("GET", "/api/v1/admin/pricing/default", COMMAND),
            new Route("PUT", "/api/v1/admin/pricing/default", COMMAND),
            new Route("GET", "/api/v1/admin/audit/dispatches/{id}", COMMAND),
            new Route("POST", "/api/v1/auth/signup", COMMAND),
            new Route("POST", "/api/v1/auth/signin", COMMAND),
            new Route("POST", "/api/v1/auth/signout", COMMAND),
            new Route("POST", "/api/v1/admin/operators", COMMAND),
            new Route("GET", "/api/v1/admin/operators", COMMAND),
            new Route("DELETE", "/api/v1/admin/operators/{id}", COMMAND),
            new Route("POST", "/api/v1/console/signin", COMMAND),
            new Route("POST", "/api/v1/console/signout", COMMAND),
            new Route("GET", "/api/v1/console/me", COMMAND),
            new Route("GET", "/api/v1/dashboard/me", COMMAND),
            new Route("GET", "/api/v1/dashboard/api-keys", COMMAND),
            new Route("POST", "/api/v1/dashboard/api-keys", COMMAND),
            new Route("DELETE", "/api/v1/dashboard/api-keys/{keyId}", COMMAND),
            // query-service
            new Route("GET", "/api/v1/external/dispatches", QUERY),
            new Route("GET", "/api/v1/external/dispatches/{id}", QUERY),
            new Route("GET", "/api/v1/external/dispatches/{id}/events", QUERY),
            new Route("GET", "/api/v1/external/dispatches/{id}/webhooks", QUERY),
            new Route("GET", "/api/v1/external/dispatches/{id}/dispatching", QUERY),
            new Route("GET", "/api/v1/external/webhooks/attempts", QUERY),
            new Route("GET", "/api/v1/external/stats/daily", QUERY),
            new Route("GET", "/api/v1/admin/dispatches/{id}", QUERY),
            new Route("GET", "/api/v1/admin/dispatches/{id}/events", QUERY),
            new Route("GET", "/api/v1/admin/dispatches/{id}/decisions", QUERY),
            new Route("GET", "/api/v1/admin/dispatch/queue", QUERY),
            new Route("GET", "/api/v1/admin/dispatch/queue/{id}/suggestions", QUERY),
            new Route("GET", "/api/v1/admin/dispatch/exceptions", QUERY),
            new Route("GET", "/api/v1/admin/live/stream", QUERY),
            new Route("GET", "/api/v1/admin/dispatch/stats", QUERY),
            new Route("GET", "/api/v1/rider/offers", QUERY),
            new Route("GET", "/api/v1/rider/route", QUERY),
            new Route("GET", "/api/v1/track/{token}", QUERY),
            new Route("GET", "/api/v1/track/{token}/stream", QUERY),
            new Route("GET", "/track/{token}", QUERY),
            new Route("POST", "/api/v1/admin/projections/rebuild", QUERY),
            new Route("GET", "/api/v1/admin/projections/rebuild", QUERY),
            new Route("POST", "/api/v1/admin/dispatch/whatif", QUERY),
            new Route("GET", "/api/v1/admin/dispatch/whatif", QUERY),
            new Route("GET", "/api/v1/admin/dispatch/whatif/{id}", QUERY),
            // webhook-dispatcher
            new Route("GET", "/api/v1/external/webhooks", DISPATCHER),
            new Route("POST", "/api/v1/external/webhooks/test", DISPATCHER),
            new Route("POST", "/api/v1/external/webhooks/enable", DISPATCHER),
            new Route("POST", "/api/v1/external/webhooks/recover", DISPATCHER),
            new Route("POST", "/api/v1/external/dispatches/{id}/webhooks/{notificationId}/resend", DISPATCHER),
            new Route("GET", "/api/v1/external/events", DISPATCHER),
            new Route("PUT", "/api/v1/admin/merchants/{merchantId}/webhook", DISPATCHER),
            new Route("DELETE", "/api/v1/admin/merchants/{merchantId}/webhook", DISPATCHER),
            new Route("POST", "/api/v1/admin/merchants/{merchantId}/webhook/rotate-secret", DISPATCHER),
            new Route("POST", "/api/v1/admin/merchants/{merchantId}/webhook/test", DISPATCHER),
            new Route("POST", "/api/v1/admin/merchants/{merchantId}/webhook/enable", DISPATCHER),
            new Route("GET", "/api/v1/admin/webhooks/stats", DISPATCHER),
            new Route("GET", "/api/v1/admin/webhooks/disabled", DISPATCHER),
            new Route("PUT", "/api/v1/dashboard/webhook", DISPATCHER),
            new Route("DELETE", "/api/v1/dashboard/webhook", DISPATCHER));

    /** What the front does with requests no controller maps (the services answer those themselves). */
    static final List<Route> FRONT_ONLY = List.of(
            new Route("HEAD", "/api/v1/external/dispatches/{id}", QUERY),
            new Route("HEAD", "/api/v1/proof-media/{mediaId}", COMMAND),
            new Route("GET", "/v3/api-docs", COMMAND),
            new Route("GET", "/docs", COMMAND),
            new Route("GET", "/no/such/prefix", COMMAND),
            new Route("GET", "/api/v1/external/dispatches/{id}/status", COMMAND),
            new Route("DELETE", "/api/v1/external/dispatches/{id}", COMMAND),
            new Route("POST", "/api/v1/admin/dispatches/{id}", COMMAND),
            // what nobody serves under the what-if's prefix is answered by command-service's 404
            new Route("GET", "/api/v1/admin/dispatch/whatif/{id}/rows", COMMAND),
            // the query passes unchanged; the route is chosen on the decoded path, as the services' routers see it
            new Route("GET", "/api/v1/external/dispatches?status=NEW&limit=20", QUERY),
            new Route("GET", "/api/v1/%61dmin/webhooks/stats", DISPATCHER),
            new Route("GET", "/api/v1/external/events?after=ZTF8MXwy&limit=5", DISPATCHER),
            new Route("GET", "/api/v1/external/events/extra", COMMAND),
            new Route("GET", "/api/v1/admin/dispatches/{id}/events?after=3", QUERY),
            // static files of the map pages (a resource handler, not a controller): where the tracking page is
            new Route("GET", "/webjars/leaflet/dist/leaflet.js", QUERY),
            new Route("HEAD", "/webjars/leaflet/dist/leaflet.css", QUERY),
            new Route("GET", "/assets/dispatch-map.js", QUERY),
            new Route("GET", "/webjars/swagger-ui/index.html", COMMAND),
            // the riders' app (a router function of command-service, not a controller)
            new Route("GET", "/rider/", COMMAND),
            new Route("GET", "/rider/sw.js", COMMAND),
            new Route("GET", "/webjars/leafletx/leaflet.js", COMMAND));

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final Map<String, Stub> stubs = new LinkedHashMap<>();
    private NginxFront front;
    private int port;

    @BeforeAll
    void startFrontAndStubs() throws Exception {
        stubs.put("command", new Stub(COMMAND));
        stubs.put("query-a", new Stub(QUERY));
        stubs.put("query-b", new Stub(QUERY));
        stubs.put("dispatcher", new Stub(DISPATCHER));
        NginxFront.deleteOldRunDirectories();
        front = NginxFront.start(
                List.of(stubs.get("command").address()),
                List.of(stubs.get("query-a").address(), stubs.get("query-b").address()),
                List.of(stubs.get("dispatcher").address()));
        port = front.port();
    }

    @AfterAll
    void stopFrontAndStubs() {
        try {
            if (front != null) {
                front.close();
            }
        } finally {
            stubs.values().forEach(Stub::stop);
        }
    }

    @Test
    @Order(0)
    void theTableListsEveryRouteOfTheCode() throws IOException {
        Set<String> inCode = new TreeSet<>();
        inCode.addAll(mappedRoutes(ROOT.resolve("command-service/src/main/java"), COMMAND));
        // command-service hosts the accounts module (docs/adr/0043) and the audit (docs/adr/0044)
        inCode.addAll(mappedRoutes(ROOT.resolve("accounts/src/main/java"), COMMAND));
        inCode.addAll(mappedRoutes(ROOT.resolve("audit/src/main/java"), COMMAND));
        // not scanned: dispatch-engine and the sandbox simulator it hosts (docs/adr/0045) have no public
        // route; their status routes answer on the engine's own port
        inCode.addAll(mappedRoutes(ROOT.resolve("query-service/src/main/java"), QUERY));
        inCode.addAll(mappedRoutes(ROOT.resolve("webhook-dispatcher/src/main/java"), DISPATCHER));
        Set<String> inTable = new TreeSet<>();
        ROUTES.forEach(r -> inTable.add(r.method() + " " + normalise(r.path()) + " -> " + r.service()));

        Set<String> missing = new TreeSet<>(inCode);
        missing.removeAll(inTable);
        Set<String> stale = new TreeSet<>(inTable);
        stale.removeAll(inCode);
        assertThat(missing)
                .as("routes the controllers map but FrontRoutingTest.ROUTES does not list: add them to the table "
                        + "and make deploy/front/nginx.conf send them to their service (and docs/operating.md)")
                .isEmpty();
        assertThat(stale)
                .as("rows of FrontRoutingTest.ROUTES that no controller maps any more")
                .isEmpty();
        assertThat(inCode).hasSizeGreaterThan(40);
    }

    @Test
    @Order(0)
    void theOperatingGuideListsEveryRoute() throws IOException {
        String guide = Files.readString(ROOT.resolve("docs/operating.md"));
        List<String> missing = ROUTES.stream()
                .filter(r -> !guide.contains("| `" + r.method() + " " + r.path() + "` | " + r.service() + " |"))
                .map(r -> r.method() + " " + r.path() + " -> " + r.service())
                .toList();
        assertThat(missing)
                .as("routes docs/operating.md's table does not list with their service")
                .isEmpty();
    }

    @Test
    @Order(1)
    void everyRouteReachesItsService() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (Route route : Stream.concat(ROUTES.stream(), FRONT_ONLY.stream()).toList()) {
            HttpResponse<String> response = send(route.method(), route.concrete(), Map.of());
            String service =
                    response.headers().firstValue("X-Stub-Service").orElse("none (" + response.statusCode() + ")");
            if (!service.equals(route.service())) {
                wrong.add(route.method() + " " + route.concrete() + " reached " + service + ", not " + route.service());
                continue;
            }
            if (!route.method().equals("HEAD") && !route.path().endsWith("/stream")) {
                JsonNode echo = JSON.readTree(response.body());
                assertThat(echo.path("method").asText()).isEqualTo(route.method());
                assertThat(echo.path("uri").asText())
                        .as("the path reaches the service unchanged")
                        .isEqualTo(route.concrete());
            }
        }
        assertThat(wrong).as("routes the front sends to the wrong service").isEmpty();
    }

    @Test
    @Order(2)
    void theAccessLogNeverHoldsATrackingToken() throws Exception {
        String token = "trkSecretToken" + System.nanoTime();
        send("GET", "/api/v1/track/" + token, Map.of());
        send("GET", "/track/" + token, Map.of());
        send("GET", "/api/v1/external/dispatches/" + ID, Map.of());
        org.awaitility.Awaitility.await()
                .atMost(java.time.Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(front.accessLog())
                        .contains(
                                "GET /api/v1/track/<token>\"",
                                "GET /track/<token>\"",
                                "GET /api/v1/external/dispatches/" + ID + "\""));
        assertThat(front.accessLog()).doesNotContain(token);
    }

    @Test
    @Order(2)
    void forwardsTheClientAddressProtoHostAndRequestId() throws Exception {
        JsonNode direct =
                JSON.readTree(send("GET", "/api/v1/track/trk_1", Map.of()).body());
        assertThat(direct.path("xForwardedFor").asText()).isEqualTo("127.0.0.1");
        assertThat(direct.path("xForwardedProto").asText()).isEqualTo("http");
        assertThat(direct.path("xForwardedHost").asText()).isEqualTo("127.0.0.1");
        assertThat(direct.path("xForwardedPort").asText()).isEqualTo(Integer.toString(port));
        assertThat(direct.path("xRequestId").asText())
                .as("nginx's own request id")
                .matches("[0-9a-f]{32}");
        assertThat(direct.path("remote").asText()).isEqualTo("127.0.0.1");

        // what a client claims is kept in front of the address nginx saw: services that trust only
        // the front take the last address, the one nginx added
        JsonNode claimed = JSON.readTree(send(
                        "POST",
                        "/api/v1/external/dispatches",
                        Map.of(
                                "X-Forwarded-For",
                                "203.0.113.7",
                                "X-Request-Id",
                                "order-77.create",
                                "Forwarded",
                                "for=198.51.100.1"))
                .body());
        assertThat(claimed.path("xForwardedFor").asText()).isEqualTo("203.0.113.7, 127.0.0.1");
        assertThat(claimed.path("xRequestId").asText())
                .as("a plain client request id passes")
                .isEqualTo("order-77.create");
        assertThat(claimed.path("forwarded").isMissingNode()
                        || claimed.path("forwarded").isNull())
                .as("a client's Forwarded header is dropped")
                .isTrue();

        JsonNode odd = JSON.readTree(send("GET", "/api/v1/external/dispatches", Map.of("X-Request-Id", "a\"b{c}"))
                .body());
        assertThat(odd.path("xRequestId").asText())
                .as("an odd one is replaced by nginx's")
                .matches("[0-9a-f]{32}");

        HttpResponse<String> answer = send("GET", "/api/v1/admin/webhooks/stats", Map.of());
        assertThat(answer.headers().firstValue("X-Request-Id"))
                .as("the service's X-Request-Id passes back")
                .contains("stub-" + DISPATCHER);
    }

    @Test
    @Order(3)
    void streamsTrackingEventsWithoutBuffering() throws Exception {
        HttpResponse<InputStream> response = http.send(
                request("GET", "/api/v1/track/trk_live/stream", Map.of())
                        .header("Accept", "text/event-stream")
                        .build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("X-Stub-Service")).contains(QUERY);
        try (InputStream body = response.body()) {
            String first = readLine(body);
            long firstReceived = System.nanoTime();
            assertThat(first).isEqualTo("data: first");
            readLine(body);
            assertThat(readLine(body)).isEqualTo("data: second");
            String instance = response.headers().firstValue("X-Stub-Instance").orElseThrow();
            Stub served = stubs.values().stream()
                    .filter(stub -> stub.address().equals(instance))
                    .findFirst()
                    .orElseThrow();
            assertThat(firstReceived)
                    .as("the first event arrives before the service writes the second, " + Stub.STREAM_PAUSE.toMillis()
                            + " ms later, not when the stream ends")
                    .isLessThan(served.secondEventWritten());
        }
    }

    /**
     * nginx 1.22 happens to pass small events on even when buffering, so the timing above cannot
     * tell; the stream's location must still say so, for larger events and for the long idle times.
     */
    @Test
    @Order(3)
    void theStreamLocationIsUnbufferedAndStaysOpen() throws IOException {
        String conf = Files.readString(FRONT.resolve("nginx.conf"));
        Matcher location = Pattern.compile("location ~ \\^/api/v1/track/\\[\\^/\\]\\+/stream\\$ \\{([^}]*)}")
                .matcher(conf);
        assertThat(location.find())
                .as("a location for /api/v1/track/{token}/stream in deploy/front/nginx.conf")
                .isTrue();
        String block = location.group(1);
        assertThat(block).contains("proxy_pass http://dispatch_query;").contains("proxy_buffering off;");
        Matcher timeout = Pattern.compile("proxy_read_timeout (\\d+)([smh]);").matcher(block);
        assertThat(timeout.find()).as("a proxy_read_timeout of its own").isTrue();
        Duration read = switch (timeout.group(2)) {
            case "h" -> Duration.ofHours(Long.parseLong(timeout.group(1)));
            case "m" -> Duration.ofMinutes(Long.parseLong(timeout.group(1)));
            default -> Duration.ofSeconds(Long.parseLong(timeout.group(1)));
        };
        assertThat(read)
                .as("longer than many heartbeats (dispatch.tracking.heartbeat, 15 s)")
                .isGreaterThanOrEqualTo(Duration.ofMinutes(10));
    }

    @Test
    @Order(4)
    void answersItsOwnHealthAndRefusalsInTheEnvelope() throws Exception {
        int before = stubs.values().stream().mapToInt(Stub::requests).sum();
        HttpResponse<String> health = send("GET", "/_front/health", Map.of());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(health.body()).path("status").asText()).isEqualTo("UP");

        HttpResponse<String> actuator = send("GET", "/actuator/prometheus", Map.of());
        assertThat(actuator.statusCode()).isEqualTo(404);
        assertEnvelope(actuator, "NOT_FOUND");

        byte[] tooLarge = new byte[4 * 1024 * 1024 + 1];
        HttpResponse<String> large = http.send(
                request("POST", "/api/v1/external/dispatches/bulk", Map.of())
                        .expectContinue(true)
                        .header("Content-Type", "application/json")
                        .method("POST", HttpRequest.BodyPublishers.ofByteArray(tooLarge))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(large.statusCode()).isEqualTo(413);
        assertEnvelope(large, "VALIDATION_ERROR");
        assertThat(stubs.get("command").bodiesAbove(4 * 1024 * 1024))
                .as("the body never reached a service")
                .isZero();
        assertThat(stubs.values().stream().mapToInt(Stub::requests).sum())
                .as("health, /actuator and the refused body were answered by nginx itself")
                .isEqualTo(before);

        byte[] justFits = new byte[4 * 1024 * 1024];
        java.util.Arrays.fill(justFits, (byte) 'x');
        HttpResponse<String> fits = http.send(
                request("POST", "/api/v1/external/dispatches/bulk", Map.of())
                        .header("Content-Type", "application/json")
                        .method("POST", HttpRequest.BodyPublishers.ofByteArray(justFits))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(fits.statusCode()).as("4 MiB exactly is the API's to judge").isEqualTo(200);
    }

    /** A proof photo may be 5 MiB (ImageContent.MAX_BYTES), more than the 4 MiB of every other body. */
    @Test
    @Order(4)
    void letsAProofMediumOf5MiBThroughAndRefusesOneByteMore() throws Exception {
        String upload = "/api/v1/rider/dispatches/" + ID + "/proof-media";
        byte[] fits = new byte[5 * 1024 * 1024];
        HttpResponse<String> passed = http.send(
                request("POST", upload, Map.of())
                        .header("Content-Type", "image/jpeg")
                        .method("POST", HttpRequest.BodyPublishers.ofByteArray(fits))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(passed.statusCode())
                .as("5 MiB exactly is the service's to judge")
                .isEqualTo(200);
        assertThat(JSON.readTree(passed.body()).path("service").asText()).isEqualTo(COMMAND);
        assertThat(JSON.readTree(passed.body()).path("bodyBytes").asLong()).isEqualTo(fits.length);

        long before = stubs.get("command").bodiesAbove(5 * 1024 * 1024);
        HttpResponse<String> refused = http.send(
                request("POST", upload, Map.of())
                        .expectContinue(true)
                        .header("Content-Type", "image/jpeg")
                        .method("POST", HttpRequest.BodyPublishers.ofByteArray(new byte[5 * 1024 * 1024 + 1]))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(413);
        assertThat(assertEnvelope(refused, "VALIDATION_ERROR").path("message").asText())
                .contains("image");
        assertThat(stubs.get("command").bodiesAbove(5 * 1024 * 1024))
                .as("the body never reached a service")
                .isEqualTo(before);

        HttpResponse<String> elsewhere = http.send(
                request("POST", "/api/v1/rider/dispatches/" + ID + "/deliver", Map.of())
                        .expectContinue(true)
                        .header("Content-Type", "application/json")
                        .method("POST", HttpRequest.BodyPublishers.ofByteArray(new byte[4 * 1024 * 1024 + 1]))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(elsewhere.statusCode()).as("every other route keeps 4 MiB").isEqualTo(413);
    }

    @Test
    @Order(5)
    void spreadsReadsOverInstancesAndPassesOverAStoppedOne() throws Exception {
        for (int i = 0; i < 20; i++) {
            assertThat(send("GET", "/api/v1/external/dispatches/" + ID, Map.of())
                            .statusCode())
                    .isEqualTo(200);
        }
        assertThat(stubs.get("query-a").requests()).isPositive();
        assertThat(stubs.get("query-b").requests()).isPositive();

        stubs.get("query-b").stop();
        for (int i = 0; i < 10; i++) {
            HttpResponse<String> read = send("GET", "/api/v1/external/dispatches/" + ID, Map.of());
            assertThat(read.statusCode())
                    .as("a read while one query instance is down")
                    .isEqualTo(200);
        }
    }

    @Test
    @Order(6)
    void aStoppedServiceGivesTheEnvelope502() throws Exception {
        stubs.get("dispatcher").stop();
        HttpResponse<String> response = send("POST", "/api/v1/external/webhooks/test", Map.of());
        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        JsonNode error = assertEnvelope(response, "INTERNAL_ERROR");
        assertThat(error.path("message").asText()).contains("unavailable");
        // the others still answer
        assertThat(send("POST", "/api/v1/external/dispatches", Map.of()).statusCode())
                .isEqualTo(200);
    }

    private static JsonNode assertEnvelope(HttpResponse<String> response, String code) throws IOException {
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.path("success").asBoolean(true)).isFalse();
        JsonNode error = body.path("error");
        assertThat(error.path("code").asText()).isEqualTo(code);
        assertThat(error.path("message").asText()).isNotBlank();
        assertThat(error.path("details").isObject()).isTrue();
        assertThat(error.path("requestId").asText())
                .matches("[0-9a-f]{32}")
                .isEqualTo(response.headers().firstValue("X-Request-Id").orElse("no X-Request-Id"));
        return error;
    }

    // --- the code's routes ------------------------------------------------------------------

    private static final Pattern CLASS_MAPPING = Pattern.compile("@RequestMapping\\s*\\(([^)]*)\\)");
    private static final Pattern CLASS_DECLARATION =
            Pattern.compile("(?m)^\\s*(public\\s+|final\\s+|abstract\\s+)*class\\s+\\w+");
    private static final Pattern METHOD_MAPPING =
            Pattern.compile("@(Get|Post|Put|Patch|Delete|Request)Mapping\\b(\\s*\\(([^)]*)\\))?");
    private static final Pattern PATH_ARGUMENT =
            Pattern.compile("(?:^\\s*|(?:path|value)\\s*=\\s*\\{?\\s*)\"([^\"]*)\"");

    /** "METHOD /path/{} -> service" for each mapping annotation of the controllers under a source root. */
    static Set<String> mappedRoutes(Path sources, String service) throws IOException {
        assertThat(sources).as("the sources of " + service).isDirectory();
        Set<String> routes = new TreeSet<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String code = Files.readString(file);
                if (!code.contains("Mapping")) {
                    continue;
                }
                Matcher declaration = CLASS_DECLARATION.matcher(code);
                int classAt = declaration.find() ? declaration.start() : 0;
                String prefix = "";
                Matcher classMapping = CLASS_MAPPING.matcher(code);
                if (classMapping.find() && classMapping.start() < classAt) {
                    prefix = pathOf(classMapping.group(1), file);
                }
                Matcher mapping = METHOD_MAPPING.matcher(code);
                while (mapping.find()) {
                    if (mapping.start() < classAt) {
                        continue;
                    }
                    if (mapping.group(1).equals("Request")) {
                        fail(
                                file
                                        + ": a method-level @RequestMapping; give it a method-specific annotation or teach this test");
                    }
                    String path = mapping.group(3) == null ? "" : pathOf(mapping.group(3), file);
                    routes.add(mapping.group(1).toUpperCase() + " " + normalise(prefix + path) + " -> " + service);
                }
            }
        }
        return routes;
    }

    private static String pathOf(String arguments, Path file) {
        Matcher path = PATH_ARGUMENT.matcher(arguments);
        if (path.find()) {
            return path.group(1);
        }
        if (Pattern.compile("\\b(path|value)\\s*=").matcher(arguments).find()
                || arguments.strip().startsWith("{")) {
            fail(file + ": a mapping whose path this test cannot read: (" + arguments + ")");
        }
        return "";
    }

    private static String normalise(String path) {
        return path.replaceAll("\\{[^}]+}", "{}");
    }

    // --- nginx and the client -------------------------------------------------------------------

    private HttpRequest.Builder request(String method, String path, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10));
        headers.forEach(builder::header);
        return builder;
    }

    private HttpResponse<String> send(String method, String path, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder builder = request(method, path, headers);
        if (Set.of("POST", "PUT", "PATCH").contains(method)) {
            builder.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString("{}"));
        } else {
            builder.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
            line.append((char) c);
        }
        return line.toString();
    }

    /** A service stand-in: says which service it is and echoes what reached it. */
    static final class Stub {

        static final Duration STREAM_LEAD = Duration.ofMillis(300);
        static final Duration STREAM_PAUSE = Duration.ofMillis(1500);

        private final String service;
        private final HttpServer server;
        private final ExecutorService executor = Executors.newCachedThreadPool();
        private final AtomicInteger requests = new AtomicInteger();
        private final Map<Long, Integer> largeBodies = new ConcurrentHashMap<>();
        private volatile boolean stopped;
        private volatile long secondEventWritten;

        Stub(String service) throws IOException {
            this.service = service;
            this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            server.createContext("/", this::handle);
            server.setExecutor(executor);
            server.start();
        }

        String address() {
            return "127.0.0.1:" + server.getAddress().getPort();
        }

        int requests() {
            return requests.get();
        }

        /** System.nanoTime() when this stub began to write the second event of a stream, 0 before. */
        long secondEventWritten() {
            return secondEventWritten;
        }

        long bodiesAbove(int bytes) {
            return largeBodies.keySet().stream().filter(size -> size > bytes).count();
        }

        void stop() {
            if (!stopped) {
                stopped = true;
                server.stop(0);
                executor.shutdownNow();
            }
        }

        private void handle(HttpExchange exchange) throws IOException {
            requests.incrementAndGet();
            try (exchange) {
                long size = exchange.getRequestBody().readAllBytes().length;
                largeBodies.merge(size, 1, Integer::sum);
                var headers = exchange.getResponseHeaders();
                headers.set("X-Stub-Service", service);
                headers.set("X-Stub-Instance", address());
                headers.set("X-Request-Id", "stub-" + service);
                String path = exchange.getRequestURI().getRawPath();
                if (path.endsWith("/stream")) {
                    stream(exchange);
                    return;
                }
                Map<String, Object> echo = new LinkedHashMap<>();
                echo.put("service", service);
                echo.put("method", exchange.getRequestMethod());
                echo.put("uri", exchange.getRequestURI().toString());
                echo.put("remote", exchange.getRemoteAddress().getAddress().getHostAddress());
                echo.put("bodyBytes", size);
                var in = exchange.getRequestHeaders();
                echo.put("xForwardedFor", in.getFirst("X-Forwarded-For"));
                echo.put("xForwardedProto", in.getFirst("X-Forwarded-Proto"));
                echo.put("xForwardedHost", in.getFirst("X-Forwarded-Host"));
                echo.put("xForwardedPort", in.getFirst("X-Forwarded-Port"));
                echo.put("xRequestId", in.getFirst("X-Request-Id"));
                echo.put("forwarded", in.getFirst("Forwarded"));
                byte[] body = JSON.writeValueAsBytes(echo);
                headers.set("Content-Type", "application/json");
                if (exchange.getRequestMethod().equals("HEAD")) {
                    exchange.sendResponseHeaders(200, -1);
                    return;
                }
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
        }

        private void stream(HttpExchange exchange) throws IOException {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.flush();
            try {
                // the event comes apart from the headers: a buffering proxy would hold it until the end
                Thread.sleep(STREAM_LEAD.toMillis());
                out.write("data: first\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                Thread.sleep(STREAM_PAUSE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            secondEventWritten = System.nanoTime();
            out.write("data: second\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }
}
