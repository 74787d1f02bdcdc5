package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The merchant API (/api/v1/external) to the letter of the contract, over real HTTP against
 * the whole service on a real Kafka broker and PostgreSQL: envelope and request ids on every
 * answer, keys and scopes, idempotency, the rate limit, validation, bulk, list, quotes.
 */
class MerchantApiTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    private static String order(String externalId) {
        return DispatchUnderTest.ORDER.formatted(externalId);
    }

    // --- envelope and request ids -------------------------------------------------------------

    @Test
    void input_problems_answer_the_error_envelope_never_a_500() throws Exception {
        Merchant m = dispatch.newMerchant("Envelope");
        Answer unknownRoute = dispatch.call("GET", "/api/v1/external/nothing-here", merchant(m.apiKey()), null, 404);
        assertError(unknownRoute, "NOT_FOUND");

        Answer wrongMethod = dispatch.call("DELETE", "/api/v1/external/ping", merchant(m.apiKey()), null, 405);
        assertThat(wrongMethod.error().get("requestId").asText()).isEqualTo(wrongMethod.header("X-Request-Id"));

        Answer malformed =
                dispatch.call("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), "{\"customerName\":", 422);
        assertError(malformed, "VALIDATION_ERROR");
        assertThat(malformed.error().get("details").get("fieldErrors").has("body"))
                .isTrue();

        Answer wrongType =
                dispatch.send("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), order("x"), "text/plain");
        assertThat(wrongType.status()).isEqualTo(415);
        assertError(wrongType, "VALIDATION_ERROR");

        String huge = "{\"customerName\":\"" + "x".repeat(5 * 1024 * 1024) + "\"}";
        Answer tooLarge = dispatch.call("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), huge, 413);
        assertError(tooLarge, "VALIDATION_ERROR");

        Answer badId = dispatch.call("GET", "/api/v1/external/dispatches/not-a-uuid", merchant(m.apiKey()), null, 404);
        assertError(badId, "NOT_FOUND");
    }

    // --- keys and scopes ----------------------------------------------------------------------

    @Test
    void ping_marks_the_integration_connected_once_and_the_first_time_stays() throws Exception {
        Merchant m = dispatch.newMerchant("Ping");
        JsonNode first = dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", m.apiKey()), null, 200)
                .data();
        assertThat(first.get("merchantId").asText()).isEqualTo(m.id());
        assertThat(first.get("keyId").asText()).isEqualTo(m.keyId());
        assertThat(first.get("connected").asBoolean()).isTrue();
        JsonNode second = dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", m.apiKey()), null, 200)
                .data();
        assertThat(second.get("connectedAt").asText())
                .isEqualTo(first.get("connectedAt").asText());
    }

    @Test
    void a_read_only_key_reads_but_may_not_write() throws Exception {
        Merchant m = dispatch.newMerchant("Scopes", "read");
        String writer = dispatch.newKey(m.id(), "write");
        String id = dispatch.call("POST", "/api/v1/external/dispatches", merchant(writer), order("s-1"), 201)
                .data()
                .get("id")
                .asText();

        assertError(
                dispatch.call("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), order("s-2"), 403),
                "FORBIDDEN");
        assertError(
                dispatch.call(
                        "PATCH",
                        "/api/v1/external/dispatches/" + id + "/status",
                        merchant(m.apiKey()),
                        "{\"status\":\"CANCELLED\"}",
                        403),
                "FORBIDDEN");
        dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 200);
    }

    @Test
    void a_revoked_key_and_a_suspended_merchant_get_401_within_five_seconds() throws Exception {
        Merchant m = dispatch.newMerchant("Revocation");
        String spare = dispatch.newKey(m.id());
        dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", m.apiKey()), null, 200);

        dispatch.call("DELETE", "/api/v1/admin/merchants/" + m.id() + "/api-keys/" + m.keyId(), admin(), null, 204);
        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> assertError(
                        dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", m.apiKey()), null, 401),
                        "UNAUTHORIZED"));
        dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", spare), null, 200);

        dispatch.call("POST", "/api/v1/admin/merchants/" + m.id() + "/suspend", admin(), null, 200);
        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(
                        () -> dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", spare), null, 401));

        dispatch.call("POST", "/api/v1/admin/merchants/" + m.id() + "/reactivate", admin(), null, 200);
        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(
                        () -> dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", spare), null, 200));
    }

    // --- idempotency --------------------------------------------------------------------------

    @Test
    void a_replayed_create_answers_the_original_byte_for_byte_and_creates_nothing_more() throws Exception {
        Merchant m = dispatch.newMerchant("Idempotency");
        String key = UUID.randomUUID().toString();
        Map<String, String> headers = Map.of("X-API-Key", m.apiKey(), "Idempotency-Key", key);
        Answer first = dispatch.call("POST", "/api/v1/external/dispatches", headers, order("i-1"), 201);
        String reordered = """
        {"paymentType":"COD","amountCents":150000,"externalId":"i-1",
         "dropoff":{"lng":36.7833,"lat":-1.3001,"address":"Ngong Rd 12"},
         "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
           "customerPhone":"+254 700 000 001","customerName":"Amina Njeri"}""";
        Answer replay = dispatch.call("POST", "/api/v1/external/dispatches", headers, reordered, 201);

        assertThat(replay.response().body()).isEqualTo(first.response().body());
        assertThat(replay.header("X-Request-Id")).isEqualTo(first.header("X-Request-Id"));
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(first.header("Idempotent-Replayed")).isNull();

        Answer different = dispatch.call("POST", "/api/v1/external/dispatches", headers, order("i-2"), 409);
        assertError(different, "CONFLICT");

        JsonNode list = dispatch.call("GET", "/api/v1/external/dispatches", merchant(m.apiKey()), null, 200)
                .data();
        assertThat(list).hasSize(1);

        Answer missing = dispatch.call(
                "POST", "/api/v1/external/dispatches", Map.of("X-API-Key", m.apiKey()), order("i-3"), 422);
        assertThat(missing.error().get("details").get("fieldErrors").has("Idempotency-Key"))
                .isTrue();
        Answer missingOnRead =
                dispatch.call("GET", "/api/v1/external/dispatches", Map.of("X-API-Key", m.apiKey()), null, 422);
        assertError(missingOnRead, "VALIDATION_ERROR");
    }

    // --- rate limit ---------------------------------------------------------------------------

    @Test
    void the_sixty_first_request_of_a_window_answers_429_with_the_rate_limit_headers() throws Exception {
        Merchant m = dispatch.newMerchant("Limits");
        // Start early in a window so all 61 requests fall into the same one.
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> Instant.now().getEpochSecond() % 60 < 30);
        Answer first = dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", m.apiKey()), null, 200);
        assertThat(first.header("RateLimit-Limit")).isEqualTo("60");
        assertThat(first.header("RateLimit-Remaining")).isEqualTo("59");
        assertThat(first.header("RateLimit-Policy")).isEqualTo("60;w=60");
        assertThat(Integer.parseInt(first.header("RateLimit-Reset"))).isBetween(1, 60);
        Answer error = dispatch.call(
                "GET", "/api/v1/external/dispatches/" + UUID.randomUUID(), merchant(m.apiKey()), null, 404);
        assertThat(error.header("RateLimit-Remaining"))
                .as("on error answers too")
                .isEqualTo("58");
        for (int i = 3; i <= 60; i++) {
            dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", m.apiKey()), null, 200);
        }
        Answer limited = dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", m.apiKey()), null, 429);
        assertError(limited, "RATE_LIMITED");
        assertThat(limited.header("RateLimit-Remaining")).isEqualTo("0");
        assertThat(Integer.parseInt(limited.header("Retry-After"))).isBetween(1, 60);

        Merchant other = dispatch.newMerchant("Limits-other");
        dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", other.apiKey()), null, 200);
    }

    // --- validation, create, bulk -------------------------------------------------------------

    @Test
    void every_field_rule_is_reported_at_once_under_the_field_name() throws Exception {
        Merchant m = dispatch.newMerchant("Validation");
        String bad = """
        {"customerName":"","customerPhone":"12ab","pickup":{"lat":91,"lng":10},
         "dropoff":{"address":"B","lat":-1.3},"paymentType":"CARD","amountCents":-1,"currency":"kes",
         "externalId":"%s","targetPickupAt":"2030-01-01T10:00:00Z","targetDeliveryAt":"2030-01-01T09:00:00Z"}""".formatted("e".repeat(101));
        JsonNode fieldErrors = dispatch.call("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), bad, 422)
                .error()
                .get("details")
                .get("fieldErrors");
        assertThat(iterable(fieldErrors.fieldNames()))
                .containsExactlyInAnyOrder(
                        "customerName",
                        "customerPhone",
                        "pickup.address",
                        "pickup.lat",
                        "dropoff.lng",
                        "paymentType",
                        "amountCents",
                        "currency",
                        "externalId",
                        "targetDeliveryAt");

        JsonNode noOffset = dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(m.apiKey()),
                        order("v").replace("\"amountCents\":150000", "\"targetPickupAt\":\"2030-01-01T10:00:00\""),
                        422)
                .error()
                .get("details")
                .get("fieldErrors");
        assertThat(noOffset.has("targetPickupAt")).isTrue();
    }

    @Test
    void a_created_delivery_carries_every_field_of_the_contract() throws Exception {
        Merchant m = dispatch.newMerchant("Fields");
        JsonNode d = dispatch.call("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), order("f-1"), 201)
                .data();
        assertThat(iterable(d.fieldNames()))
                .contains(
                        "id",
                        "externalId",
                        "status",
                        "riderId",
                        "zoneId",
                        "customerName",
                        "customerPhone",
                        "pickup",
                        "dropoff",
                        "paymentType",
                        "amountCents",
                        "feeCents",
                        "currency",
                        "targetPickupAt",
                        "targetDeliveryAt",
                        "trackingToken",
                        "trackingUrl",
                        "deliveryPin",
                        "source",
                        "failureReason",
                        "failureDetail",
                        "cancelReason",
                        "proofOfDelivery",
                        "createdAt",
                        "updatedAt");
        assertThat(d.get("status").asText()).isEqualTo("NEW");
        assertThat(d.get("currency").asText()).isEqualTo("KES");
        assertThat(d.get("riderId").isNull()).isTrue();
        assertThat(d.get("deliveryPin").asText()).matches("\\d{4}");
        assertThat(d.get("createdAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(d.get("trackingUrl").asText())
                .endsWith("/track/" + d.get("trackingToken").asText());
        assertThat(d.get("feeCents").asLong())
                .isEqualTo(expectedFee(-1.2841, 36.8219, -1.3001, 36.7833, 15000, 4000, 20000));
        assertThat(Instant.parse(d.get("targetPickupAt").asText()))
                .isEqualTo(Instant.parse(d.get("createdAt").asText()).plusSeconds(1800));
    }

    @Test
    void a_bulk_create_is_all_or_nothing_and_answers_in_request_order() throws Exception {
        Merchant m = dispatch.newMerchant("Bulk");
        String good = "{\"orders\":[" + order("b-0") + "," + order("b-1") + "," + order("b-2") + "]}";
        JsonNode created = dispatch.call("POST", "/api/v1/external/dispatches/bulk", merchant(m.apiKey()), good, 201)
                .data();
        assertThat(created.get("count").asInt()).isEqualTo(3);
        assertThat(created.get("dispatches"))
                .extracting(d -> d.get("externalId").asText())
                .containsExactly("b-0", "b-1", "b-2");

        String oneBad = "{\"orders\":[" + order("b-3") + "," + order("b-4").replace("+254 700 000 001", "x") + "]}";
        JsonNode errors = dispatch.call("POST", "/api/v1/external/dispatches/bulk", merchant(m.apiKey()), oneBad, 422)
                .error()
                .get("details")
                .get("fieldErrors");
        assertThat(iterable(errors.fieldNames())).containsExactly("orders[1].customerPhone");

        StringBuilder tooMany = new StringBuilder("{\"orders\":[");
        for (int i = 0; i < 501; i++) {
            tooMany.append(i == 0 ? "" : ",").append(order("t-" + i));
        }
        tooMany.append("]}");
        for (String body : List.of(tooMany.toString(), "{\"orders\":[]}", "{}")) {
            JsonNode rejected = dispatch.call(
                            "POST", "/api/v1/external/dispatches/bulk", merchant(m.apiKey()), body, 422)
                    .error()
                    .get("details")
                    .get("fieldErrors");
            assertThat(rejected.has("orders"))
                    .as(body.length() > 100 ? "501 orders" : body)
                    .isTrue();
        }

        JsonNode all = dispatch.call("GET", "/api/v1/external/dispatches?limit=200", merchant(m.apiKey()), null, 200)
                .data();
        assertThat(all).extracting(d -> d.get("externalId").asText()).containsExactlyInAnyOrder("b-0", "b-1", "b-2");
    }

    // --- list, read, cancel, scoping ----------------------------------------------------------

    @Test
    void the_list_shows_a_write_at_once_newest_first_and_pages_with_an_opaque_cursor() throws Exception {
        Merchant m = dispatch.newMerchant("List");
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(dispatch.call("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), order("l-" + i), 201)
                    .data()
                    .get("id")
                    .asText());
        }
        String cancelled = ids.get(1);
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + cancelled + "/status",
                merchant(m.apiKey()),
                "{\"status\":\"CANCELLED\"}",
                200);

        Answer page1 = dispatch.call("GET", "/api/v1/external/dispatches?limit=3", merchant(m.apiKey()), null, 200);
        assertThat(page1.json().get("meta").get("limit").asInt()).isEqualTo(3);
        String cursor = page1.json().get("meta").get("nextCursor").asText();
        Answer page2 = dispatch.call(
                "GET", "/api/v1/external/dispatches?limit=3&cursor=" + cursor, merchant(m.apiKey()), null, 200);
        assertThat(page2.json().get("meta").has("nextCursor")).isFalse();
        List<String> listed = new ArrayList<>();
        page1.data().forEach(d -> listed.add(d.get("id").asText()));
        page2.data().forEach(d -> listed.add(d.get("id").asText()));
        assertThat(listed).containsExactlyElementsOf(ids.reversed());

        JsonNode onlyCancelled = dispatch.call(
                        "GET", "/api/v1/external/dispatches?status=CANCELLED", merchant(m.apiKey()), null, 200)
                .data();
        assertThat(onlyCancelled).extracting(d -> d.get("id").asText()).containsExactly(cancelled);

        JsonNode badParams = dispatch.call(
                        "GET",
                        "/api/v1/external/dispatches?limit=0&status=LOST&source=fax",
                        merchant(m.apiKey()),
                        null,
                        422)
                .error()
                .get("details")
                .get("fieldErrors");
        assertThat(iterable(badParams.fieldNames())).contains("limit", "status", "source");
    }

    @Test
    void cancel_is_for_new_deliveries_of_ones_own_and_says_why_not_otherwise() throws Exception {
        Merchant m = dispatch.newMerchant("Cancel");
        Merchant other = dispatch.newMerchant("Cancel-other");
        String id = dispatch.call("POST", "/api/v1/external/dispatches", merchant(m.apiKey()), order("c-1"), 201)
                .data()
                .get("id")
                .asText();

        assertError(
                dispatch.call(
                        "PATCH",
                        "/api/v1/external/dispatches/" + id + "/status",
                        merchant(other.apiKey()),
                        "{\"status\":\"CANCELLED\"}",
                        404),
                "NOT_FOUND");
        assertError(
                dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(other.apiKey()), null, 404),
                "NOT_FOUND");
        JsonNode wrongStatus = dispatch.call(
                        "PATCH",
                        "/api/v1/external/dispatches/" + id + "/status",
                        merchant(m.apiKey()),
                        "{\"status\":\"DELIVERED\"}",
                        422)
                .error()
                .get("details")
                .get("fieldErrors");
        assertThat(wrongStatus.has("status")).isTrue();

        JsonNode cancelled = dispatch.call(
                        "PATCH",
                        "/api/v1/external/dispatches/" + id + "/status",
                        merchant(m.apiKey()),
                        "{\"status\":\"CANCELLED\",\"reason\":\"duplicate order\"}",
                        200)
                .data();
        assertThat(cancelled.get("status").asText()).isEqualTo("CANCELLED");
        assertThat(cancelled.get("cancelReason").asText()).isEqualTo("duplicate order");
        JsonNode read = dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(m.apiKey()), null, 200)
                .data();
        assertThat(read.get("status").asText())
                .as("read-your-writes after the cancel")
                .isEqualTo("CANCELLED");

        Answer again = dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + id + "/status",
                merchant(m.apiKey()),
                "{\"status\":\"CANCELLED\"}",
                409);
        assertThat(again.error().get("details").get("currentStatus").asText()).isEqualTo("CANCELLED");

        JsonNode history = dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + id + "/events", merchant(m.apiKey()), null, 200)
                .data();
        assertThat(history).hasSize(2);
        assertThat(history.get(0).get("previousStatus").isNull()).isTrue();
        assertThat(history.get(0).get("actor").get("type").asText()).isEqualTo("merchant");
        assertThat(history.get(0).get("actor").get("id").asText()).isEqualTo(m.id());
        assertThat(history.get(1).get("detail").asText()).isEqualTo("duplicate order");
    }

    // --- quotes -------------------------------------------------------------------------------

    @Test
    void quotes_follow_the_formulas_of_the_zone_or_the_platform_default() throws Exception {
        Merchant m = dispatch.newMerchant("Quotes");
        JsonNode inZone = dispatch.call(
                        "GET",
                        "/api/v1/external/quotes?pickup_lat=-1.2841&pickup_lng=36.8219&dropoff_lat=-1.3001&dropoff_lng=36.7833",
                        Map.of("X-API-Key", m.apiKey()),
                        null,
                        200)
                .data();
        long distance = Math.round(haversine(-1.2841, 36.8219, -1.3001, 36.7833));
        assertThat(inZone.get("distance_meters").asLong()).isEqualTo(distance);
        assertThat(inZone.get("fee_cents").asLong())
                .isEqualTo(expectedFee(-1.2841, 36.8219, -1.3001, 36.7833, 15000, 4000, 20000));
        assertThat(inZone.get("eta_travel_seconds").asLong()).isEqualTo(Math.round(distance * 1.3 / (25 / 3.6)));
        assertThat(inZone.get("zone_id").asText()).isEqualTo("nairobi-cbd");
        assertThat(inZone.get("zone_name").asText()).isEqualTo("Nairobi CBD");
        assertThat(inZone.get("currency").asText()).isEqualTo("KES");
        assertThat(inZone.get("target_pickup_seconds").asLong()).isEqualTo(1800);
        assertThat(inZone.get("target_delivery_seconds").asLong()).isEqualTo(3600);

        JsonNode outside = dispatch.call(
                        "GET",
                        "/api/v1/external/quotes?pickup_lat=-1.1&pickup_lng=37.0&dropoff_lat=-1.1&dropoff_lng=37.0005",
                        Map.of("X-API-Key", m.apiKey()),
                        null,
                        200)
                .data();
        assertThat(outside.get("zone_id").isNull()).isTrue();
        assertThat(outside.get("zone_name").isNull()).isTrue();
        assertThat(outside.get("fee_cents").asLong()).as("the default minimum").isEqualTo(25000);
        assertThat(outside.get("target_pickup_seconds").asLong()).isEqualTo(3600);

        JsonNode errors = dispatch.call(
                        "GET",
                        "/api/v1/external/quotes?pickup_lat=abc&pickup_lng=200&dropoff_lat=1",
                        Map.of("X-API-Key", m.apiKey()),
                        null,
                        422)
                .error()
                .get("details")
                .get("fieldErrors");
        assertThat(iterable(errors.fieldNames())).containsExactlyInAnyOrder("pickup_lat", "pickup_lng", "dropoff_lng");
    }

    // --- OpenAPI ------------------------------------------------------------------------------

    @Test
    void the_running_service_documents_every_merchant_route() throws Exception {
        // on connections of their own: after these answers a kept-alive connection sometimes takes the
        // next request and never answers it (a stall of the server's HTTP layer, not understood yet;
        // README, known limitations), which would hold the next test for its whole timeout
        Answer docs = freshConnection("GET", "/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        JsonNode paths = docs.json().get("paths");
        assertThat(iterable(paths.fieldNames()))
                .contains(
                        "/api/v1/external/ping",
                        "/api/v1/external/quotes",
                        "/api/v1/external/dispatches",
                        "/api/v1/external/dispatches/bulk",
                        "/api/v1/external/dispatches/{id}",
                        "/api/v1/external/dispatches/{id}/events",
                        "/api/v1/external/dispatches/{id}/status");
        JsonNode create = freshConnection("GET", "/v3/api-docs")
                .json()
                .get("paths")
                .get("/api/v1/external/dispatches")
                .get("post");
        assertThat(create.get("parameters").findValuesAsText("name"))
                .as("added once, however often the document is served")
                .containsOnlyOnce("Idempotency-Key");
        assertThat(iterable(create.get("responses").fieldNames())).contains("201", "401", "413", "422", "429");

        Answer page = freshConnection("GET", "/webjars/swagger-ui/index.html");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.response().body()).contains("swagger-ui");
        Answer entry = freshConnection("GET", "/docs");
        assertThat(entry.status()).isIn(200, 302);
    }

    /** A request on a client of its own, so the shared client's kept-alive connections never carry it. */
    private static Answer freshConnection(String method, String path) throws Exception {
        try (HttpClient own =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            return new Answer(own.send(
                    HttpRequest.newBuilder(URI.create(dispatch.baseUrl + path))
                            .timeout(Duration.ofSeconds(60))
                            .method(method, HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
    }

    private static void assertError(Answer answer, String code) {
        JsonNode json = answer.json();
        assertThat(json.get("success").asBoolean()).isFalse();
        assertThat(json.get("error").get("code").asText()).isEqualTo(code);
        assertThat(json.get("error").get("message").asText()).isNotBlank();
        assertThat(json.get("error").get("requestId").asText()).isEqualTo(answer.header("X-Request-Id"));
        assertThat(answer.response().body()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    private static long expectedFee(
            double lat1, double lng1, double lat2, double lng2, long base, long perKm, long min) {
        long distance = Math.round(haversine(lat1, lng1, lat2, lng2));
        return Math.max(min, base + Math.round(perKm * distance / 1000.0));
    }

    /** decisions.md: great-circle distance, earth radius 6,371,008.8 m. */
    private static double haversine(double lat1, double lng1, double lat2, double lng2) {
        double dLat = Math.toRadians(lat2 - lat1);
        double dLng = Math.toRadians(lng2 - lng1);
        double a = Math.pow(Math.sin(dLat / 2), 2)
                + Math.cos(Math.toRadians(lat1)) * Math.cos(Math.toRadians(lat2)) * Math.pow(Math.sin(dLng / 2), 2);
        return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
    }

    private static <T> List<T> iterable(java.util.Iterator<T> iterator) {
        List<T> list = new ArrayList<>();
        iterator.forEachRemaining(list::add);
        return list;
    }
}
