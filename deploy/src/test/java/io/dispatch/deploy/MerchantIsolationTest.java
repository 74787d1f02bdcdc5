package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.events.signing.WebhookSigner;
import io.dispatch.events.signing.WebhookVerifier;
import io.dispatch.infrastructure.WebhookReceiver;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Merchant isolation on every merchant route, over real HTTP against the whole service: merchant
 * B, with its own valid key, can neither see nor touch anything of merchant A. A's ids answer B
 * exactly as ids that do not exist (same status, code, message and details: no oracle), A's list
 * cursor does not page B into A's deliveries, A's notifications cannot be re-sent by B and B's
 * webhook actions never reach A's endpoint, and Idempotency-Keys are per merchant.
 *
 * <p>The routes with a path parameter are taken from the served OpenAPI document, so a new route
 * is probed without anyone remembering to add it. A read-only key on the write routes and revoked
 * keys are also covered by {@link MerchantApiTest} ({@code a_read_only_key_reads_but_may_not_write},
 * {@code a_revoked_key_and_a_suspended_merchant_get_401_within_five_seconds}) and
 * {@link SecurityChainTest}; here every documented write route is checked with a read-only key.
 */
class MerchantIsolationTest {

    private static final String ORDER = """
      {"customerName":"Wambui Kariuki","customerPhone":"+254 700 000 015","externalId":"%s",
       "pickup":{"address":"Moi Ave 20, Mombasa","lat":-4.0604,"lng":39.6663},
       "dropoff":{"address":"Nyali Rd 3, Mombasa","lat":-4.0345,"lng":39.7012},
       "paymentType":"PREPAID"}""";

    /** The merchant routes with a path parameter known when this test was written (method, path). */
    private static final Set<String> KNOWN_ROUTES_WITH_IDS = Set.of(
            "GET /api/v1/external/dispatches/{id}",
            "GET /api/v1/external/dispatches/{id}/events",
            "GET /api/v1/external/dispatches/{id}/webhooks",
            "PATCH /api/v1/external/dispatches/{id}/status",
            "POST /api/v1/external/dispatches/{id}/webhooks/{notificationId}/resend");

    /**
     * The merchant routes without a path parameter, and where their isolation is checked. A new one
     * (the pull feed of decisions.md §8, the endpoint settings of §9) fails the enumeration test until
     * a check of its own is added here: such a route answers "my" data, so nothing generic can probe it.
     */
    private static final Map<String, String> ROUTES_WITHOUT_IDS = Map.ofEntries(
            Map.entry("POST /api/v1/external/ping", "answers the caller's own merchant and key id (MerchantApiTest)"),
            Map.entry("GET /api/v1/external/quotes", "no merchant data"),
            Map.entry("POST /api/v1/external/dispatches", "idempotency_keys_are_per_merchant..."),
            Map.entry("POST /api/v1/external/dispatches/bulk", "writes for the caller only"),
            Map.entry("GET /api/v1/external/dispatches", "another_merchants_list_cursor..."),
            Map.entry("POST /api/v1/external/webhooks/test", "webhook_actions_of_another_merchant_never_reach..."),
            Map.entry(
                    "GET /api/v1/external/webhooks",
                    "the_endpoint_view_enabling_recovery_and_the_feed_are_the_callers_own"),
            Map.entry(
                    "POST /api/v1/external/webhooks/enable",
                    "the_endpoint_view_enabling_recovery_and_the_feed_are_the_callers_own"),
            Map.entry(
                    "POST /api/v1/external/webhooks/recover",
                    "the_endpoint_view_enabling_recovery_and_the_feed_are_the_callers_own"),
            Map.entry(
                    "GET /api/v1/external/events",
                    "the_endpoint_view_enabling_recovery_and_the_feed_are_the_callers_own"),
            Map.entry(
                    "POST /api/v1/external/dispatches/import",
                    "one_merchants_import_and_preview_are_never_visible_to_another (MerchantCsvImportTest)"),
            Map.entry(
                    "GET /api/v1/external/webhooks/attempts",
                    "the_recent_webhooks_list_shows_the_callers_own_only (WebhookAttemptsListTest)"),
            Map.entry(
                    "GET /api/v1/external/stats/daily",
                    "another_merchant_sees_only_zeros_and_days_outside_one_to_ninety_are_refused (DailyStatsTest)"));

    /** A valid body for the routes that take one; the probe must get past validation to reach ownership. */
    private static final Map<String, String> BODIES = Map.of(
            "PATCH /api/v1/external/dispatches/{id}/status",
            "{\"status\":\"CANCELLED\",\"reason\":\"isolation probe\"}");

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static WebhookReceiver receiverA;
    private static WebhookReceiver receiverB;
    private static Merchant a;
    private static String signingSecretA;
    private static Merchant b;
    private static String signingSecretB;
    /** A's deliveries: one NEW, one CANCELLED, one DELIVERED by a rider (history and notifications). */
    private static String freshOfA;

    private static String cancelledOfA;
    private static String deliveredOfA;
    private static String ownOfB;

    @BeforeAll
    static void start() throws Exception {
        receiverA = new WebhookReceiver();
        receiverB = new WebhookReceiver();
        a = dispatch.newMerchant("Isolation A " + UUID.randomUUID());
        signingSecretA = dispatch.registerWebhook(a.id(), receiverA.url());
        b = dispatch.newMerchant("Isolation B " + UUID.randomUUID());
        signingSecretB = dispatch.registerWebhook(b.id(), receiverB.url());

        freshOfA = create(a, "a-fresh");
        cancelledOfA = create(a, "a-cancelled");
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + cancelledOfA + "/status",
                merchant(a.apiKey()),
                "{\"status\":\"CANCELLED\",\"reason\":\"customer called\"}",
                200);
        deliveredOfA = create(a, "a-delivered");
        String pin = dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + deliveredOfA, merchant(a.apiKey()), null, 200)
                .data()
                .get("deliveryPin")
                .asText();
        Rider rider = dispatch.newRider("Isolation rider");
        for (String action : List.of("accept", "pickup", "depart")) {
            dispatch.call("POST", "/api/v1/rider/dispatches/" + deliveredOfA + "/" + action, rider(rider), null, 200);
        }
        dispatch.deliverWithPin(rider, deliveredOfA, "Wambui", pin, 200);
        ownOfB = create(b, "b-own");

        // every notification of A's delivered one and B's own has ended, so re-sending them is allowed
        await().atMost(Duration.ofSeconds(30)).until(() -> finished(a, deliveredOfA, 5) && finished(b, ownOfB, 1));
    }

    @AfterAll
    static void stop() {
        for (WebhookReceiver receiver : new WebhookReceiver[] {receiverA, receiverB}) {
            if (receiver != null) {
                receiver.close();
            }
        }
    }

    private static String create(Merchant merchant, String externalId) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        ORDER.formatted(externalId),
                        201)
                .data()
                .get("id")
                .asText();
    }

    private static JsonNode notifications(Merchant merchant, String dispatchId) throws Exception {
        return dispatch.call(
                        "GET",
                        "/api/v1/external/dispatches/" + dispatchId + "/webhooks",
                        merchant(merchant.apiKey()),
                        null,
                        200)
                .data();
    }

    private static boolean finished(Merchant merchant, String dispatchId, int atLeast) throws Exception {
        JsonNode list = notifications(merchant, dispatchId);
        if (list.size() < atLeast) {
            return false;
        }
        for (JsonNode notification : list) {
            if (!notification.get("status").asText().equals("SUCCEEDED")) {
                return false;
            }
        }
        return true;
    }

    private static String firstNotification(Merchant merchant, String dispatchId) throws Exception {
        return notifications(merchant, dispatchId).get(0).get("id").asText();
    }

    // --- every route that takes an id ---------------------------------------------------------

    /** One documented operation: its method and path template, and whether it takes a body. */
    private record Operation(String method, String path, boolean hasBody) {
        String name() {
            return method + " " + path;
        }

        List<String> parameters() {
            List<String> names = new ArrayList<>();
            Matcher m = Pattern.compile("\\{([^}]+)}").matcher(path);
            while (m.find()) {
                names.add(m.group(1));
            }
            return names;
        }

        String with(Map<String, String> values) {
            String concrete = path;
            for (String name : parameters()) {
                assertThat(values)
                        .as("a value for {%s} of %s: add it to the probes of this test", name, name())
                        .containsKey(name);
                concrete = concrete.replace("{" + name + "}", values.get(name));
            }
            return concrete;
        }
    }

    private static List<Operation> merchantOperations() throws Exception {
        JsonNode paths = dispatch.send("GET", "/v3/api-docs", Map.of(), null, null)
                .json()
                .get("paths");
        List<Operation> operations = new ArrayList<>();
        paths.properties().forEach(path -> {
            if (!path.getKey().startsWith("/api/v1/external/")) {
                return;
            }
            path.getValue().properties().forEach(operation -> {
                String method = operation.getKey().toUpperCase(java.util.Locale.ROOT);
                if (Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
                    operations.add(new Operation(
                            method, path.getKey(), operation.getValue().has("requestBody")));
                }
            });
        });
        return operations;
    }

    @Test
    void every_merchant_route_with_an_id_answers_another_merchants_id_exactly_as_one_that_does_not_exist()
            throws Exception {
        List<Operation> withIds = merchantOperations().stream()
                .filter(op -> op.path().contains("{"))
                .toList();
        assertThat(withIds)
                .extracting(Operation::name)
                .as("the routes the OpenAPI document lists")
                .containsAll(KNOWN_ROUTES_WITH_IDS);

        String notificationOfA = firstNotification(a, deliveredOfA);
        String notificationOfB = firstNotification(b, ownOfB);
        String missing = UUID.randomUUID().toString();
        List<String> probed = new ArrayList<>();
        for (Operation op : withIds) {
            String body = BODIES.getOrDefault(op.name(), op.hasBody() ? "{}" : null);
            JsonNode expected = notFound(
                    dispatch.send(
                            op.method(),
                            op.with(Map.of("id", missing, "notificationId", missing)),
                            merchant(b.apiKey()),
                            body,
                            "application/json"),
                    op.name() + " for ids nobody has");
            List<Map<String, String>> probes = new ArrayList<>();
            for (String ofA : List.of(freshOfA, cancelledOfA, deliveredOfA)) {
                probes.add(Map.of("id", ofA, "notificationId", notificationOfA));
            }
            if (op.parameters().contains("notificationId")) {
                probes.add(Map.of("id", deliveredOfA, "notificationId", notificationOfB));
                probes.add(Map.of("id", ownOfB, "notificationId", notificationOfA));
                probes.add(Map.of("id", deliveredOfA, "notificationId", missing));
                probes.add(Map.of("id", missing, "notificationId", notificationOfA));
            }
            for (Map<String, String> ids : probes) {
                String path = op.with(ids);
                JsonNode answered = notFound(
                        dispatch.send(op.method(), path, merchant(b.apiKey()), body, "application/json"),
                        op.method() + " " + path + " with B's key");
                assertThat(answered)
                        .as("%s %s with B's key answers as for ids nobody has", op.method(), path)
                        .isEqualTo(expected);
                probed.add(op.method() + " " + path);
            }
        }
        assertThat(probed).as("probes sent").hasSizeGreaterThanOrEqualTo(KNOWN_ROUTES_WITH_IDS.size() * 3);

        // the same requests with A's own key do reach A's deliveries: a route that always said 404 would not pass
        for (Operation op : withIds) {
            String id =
                    op.method().equals("GET") ? freshOfA : op.name().endsWith("/status") ? cancelledOfA : deliveredOfA;
            String path = op.with(Map.of("id", id, "notificationId", notificationOfA));
            long sentBefore = sentTo(receiverA, notificationOfA);
            Answer own = dispatch.send(
                    op.method(),
                    path,
                    merchant(a.apiKey()),
                    BODIES.getOrDefault(op.name(), op.hasBody() ? "{}" : null),
                    "application/json");
            assertThat(own.status())
                    .as(
                            "%s %s with A's own key: %s",
                            op.method(), path, own.response().body())
                    .isNotEqualTo(404)
                    .isLessThan(500);
            if (op.name().endsWith("/resend")) {
                // A's own re-send goes out; wait for it so no other test mistakes it for one of B's doing
                await().atMost(Duration.ofSeconds(10)).until(() -> sentTo(receiverA, notificationOfA) > sentBefore);
            }
        }
        // and B's own delivery answers B
        dispatch.call("GET", "/api/v1/external/dispatches/" + ownOfB, merchant(b.apiKey()), null, 200);
    }

    private static long sentTo(WebhookReceiver receiver, String notificationId) {
        return receiver.received().stream()
                .filter(r -> notificationId.equals(r.header(WebhookSigner.EVENT_ID_HEADER)))
                .count();
    }

    /** The error of a 404 NOT_FOUND envelope, without its request id (which differs per request). */
    private static JsonNode notFound(Answer answer, String what) {
        assertThat(answer.status())
                .as("%s answered %s", what, answer.response().body())
                .isEqualTo(404);
        JsonNode json = answer.json();
        assertThat(json.get("success").asBoolean()).as(what).isFalse();
        ObjectNode error = json.get("error").deepCopy();
        assertThat(error.get("code").asText()).as(what).isEqualTo("NOT_FOUND");
        assertThat(error.remove("requestId").asText()).as(what).isEqualTo(answer.header("X-Request-Id"));
        return error;
    }

    @Test
    void every_merchant_route_without_an_id_is_one_whose_isolation_is_checked() throws Exception {
        Set<String> withoutIds = new TreeSet<>();
        merchantOperations().stream().filter(op -> !op.path().contains("{")).forEach(op -> withoutIds.add(op.name()));
        assertThat(withoutIds).as("""
        merchant routes without an id: each answers the caller's own data, so its isolation needs a check of \
        its own in this class (then list it in ROUTES_WITHOUT_IDS)""").isSubsetOf(ROUTES_WITHOUT_IDS.keySet());
        assertThat(withoutIds)
                .as("the enumeration found the routes")
                .contains(
                        "POST /api/v1/external/dispatches",
                        "GET /api/v1/external/dispatches",
                        "POST /api/v1/external/webhooks/test");
    }

    @Test
    void a_read_only_key_of_the_owner_is_refused_on_every_documented_write_route() throws Exception {
        String readOnly = dispatch.newKey(a.id(), "read");
        String notificationOfA = firstNotification(a, deliveredOfA);
        List<String> refused = new ArrayList<>();
        for (Operation op : merchantOperations()) {
            if (op.method().equals("GET") || op.name().equals("POST /api/v1/external/ping")) {
                continue;
            }
            String path = op.with(Map.of("id", freshOfA, "notificationId", notificationOfA));
            Answer answer = dispatch.send(
                    op.method(), path, merchant(readOnly), BODIES.getOrDefault(op.name(), "{}"), "application/json");
            assertThat(answer.status())
                    .as(
                            "%s %s with a read-only key: %s",
                            op.method(), path, answer.response().body())
                    .isEqualTo(403);
            assertThat(answer.error().get("code").asText()).isEqualTo("FORBIDDEN");
            refused.add(op.name());
        }
        assertThat(refused)
                .contains(
                        "POST /api/v1/external/dispatches",
                        "PATCH /api/v1/external/dispatches/{id}/status",
                        "POST /api/v1/external/dispatches/{id}/webhooks/{notificationId}/resend",
                        "POST /api/v1/external/webhooks/test");
        assertThat(dispatch.call("GET", "/api/v1/external/dispatches/" + freshOfA, merchant(readOnly), null, 200)
                        .data()
                        .get("status")
                        .asText())
                .as("nothing was written: still NEW")
                .isEqualTo("NEW");
    }

    // --- lists --------------------------------------------------------------------------------

    @Test
    void another_merchants_list_cursor_is_refused_and_never_pages_into_its_deliveries() throws Exception {
        Answer firstPageOfA =
                dispatch.call("GET", "/api/v1/external/dispatches?limit=1", merchant(a.apiKey()), null, 200);
        String cursorOfA = firstPageOfA.json().get("meta").get("nextCursor").asText();
        assertThat(cursorOfA).isNotBlank();
        Answer secondPageOfA = dispatch.call(
                "GET", "/api/v1/external/dispatches?limit=1&cursor=" + cursorOfA, merchant(a.apiKey()), null, 200);
        assertThat(secondPageOfA.data()).as("A's cursor pages A").hasSize(1);

        Answer usedByB = dispatch.call(
                "GET", "/api/v1/external/dispatches?limit=1&cursor=" + cursorOfA, merchant(b.apiKey()), null, 422);
        assertThat(usedByB.error().get("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(usedByB.error().get("details").get("fieldErrors").has("cursor"))
                .isTrue();
        assertThat(usedByB.response().body()).doesNotContain(freshOfA, cancelledOfA, deliveredOfA);

        JsonNode listOfB = dispatch.call(
                        "GET", "/api/v1/external/dispatches?limit=200", merchant(b.apiKey()), null, 200)
                .data();
        assertThat(listOfB).extracting(d -> d.get("id").asText()).containsExactly(ownOfB);
        for (String filter : List.of("status=CANCELLED", "status=DELIVERED", "source=api")) {
            assertThat(dispatch.call("GET", "/api/v1/external/dispatches?" + filter, merchant(b.apiKey()), null, 200)
                            .response()
                            .body())
                    .as(filter)
                    .doesNotContain(freshOfA, cancelledOfA, deliveredOfA);
        }
    }

    // --- webhooks -----------------------------------------------------------------------------

    @Test
    void webhook_actions_of_another_merchant_never_reach_the_owners_endpoint() throws Exception {
        String notificationOfA = firstNotification(a, deliveredOfA);
        long resentToA = sentTo(receiverA, notificationOfA);

        dispatch.call(
                "POST",
                "/api/v1/external/dispatches/" + deliveredOfA + "/webhooks/" + notificationOfA + "/resend",
                merchant(b.apiKey()),
                null,
                404);
        Answer testOfB =
                dispatch.call("POST", "/api/v1/external/webhooks/test", Map.of("X-API-Key", b.apiKey()), null, 202);
        String testId = testOfB.data().get("id").asText();
        WebhookReceiver.Received arrived = await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> receiverB.received().stream()
                                .filter(r -> testId.equals(r.header(WebhookSigner.EVENT_ID_HEADER)))
                                .findFirst()
                                .orElse(null),
                        java.util.Objects::nonNull);
        JsonNode testBody = DispatchUnderTest.JSON.readTree(arrived.body());
        assertThat(testBody.get("data").get("merchant_id").asText()).isEqualTo(b.id());
        WebhookVerifier verifier = new WebhookVerifier(Clock.systemUTC());
        verifier.verify(
                List.of(signingSecretB),
                arrived.header(WebhookSigner.TIMESTAMP_HEADER),
                arrived.header(WebhookSigner.SIGNATURE_HEADER),
                arrived.body());
        assertThatThrownBy(() -> verifier.verify(
                        List.of(signingSecretA),
                        arrived.header(WebhookSigner.TIMESTAMP_HEADER),
                        arrived.header(WebhookSigner.SIGNATURE_HEADER),
                        arrived.body()))
                .as("not signed with A's secret")
                .isInstanceOf(RuntimeException.class);

        // a merchant without an endpoint gets 409, not someone else's endpoint
        Merchant noEndpoint = dispatch.newMerchant("Isolation C " + UUID.randomUUID());
        Answer none = dispatch.call(
                "POST", "/api/v1/external/webhooks/test", Map.of("X-API-Key", noEndpoint.apiKey()), null, 409);
        assertThat(none.error().get("details").get("reason").asText()).isEqualTo("NO_WEBHOOK_ENDPOINT");

        // nothing of it went to A: B's resend was refused, B's test went to B, C has no endpoint
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(5))
                .until(() -> sentTo(receiverA, notificationOfA) == resentToA);
        assertThat(receiverA.received())
                .noneMatch(r -> testId.equals(r.header(WebhookSigner.EVENT_ID_HEADER)))
                .noneMatch(r -> new String(r.body(), java.nio.charset.StandardCharsets.UTF_8).contains(b.id()))
                .noneMatch(
                        r -> new String(r.body(), java.nio.charset.StandardCharsets.UTF_8).contains(noEndpoint.id()));
        // and B's notification list of its own delivery holds only B's
        assertThat(notifications(b, ownOfB))
                .extracting(n -> n.get("id").asText())
                .doesNotContain(notificationOfA);
    }

    @Test
    void the_endpoint_view_enabling_recovery_and_the_feed_are_the_callers_own() throws Exception {
        // each merchant's endpoint view and enabling answer its own endpoint
        assertThat(dispatch.call("GET", "/api/v1/external/webhooks", Map.of("X-API-Key", b.apiKey()), null, 200)
                        .data()
                        .get("url")
                        .asText())
                .isEqualTo(receiverB.url());
        assertThat(dispatch.call("POST", "/api/v1/external/webhooks/enable", Map.of("X-API-Key", b.apiKey()), null, 200)
                        .data()
                        .get("url")
                        .asText())
                .isEqualTo(receiverB.url());

        // the feed: B's never holds A's notifications, and A's cursor is refused to B
        Answer feedOfA =
                dispatch.call("GET", "/api/v1/external/events?limit=500", Map.of("X-API-Key", a.apiKey()), null, 200);
        JsonNode feedOfB = dispatch.call(
                        "GET", "/api/v1/external/events?limit=500", Map.of("X-API-Key", b.apiKey()), null, 200)
                .data();
        List<String> idsOfA = new ArrayList<>();
        feedOfA.data().forEach(entry -> idsOfA.add(entry.get("id").asText()));
        assertThat(idsOfA).contains(firstNotification(a, deliveredOfA));
        assertThat(feedOfB)
                .isNotEmpty()
                .noneMatch(entry -> idsOfA.contains(entry.get("id").asText()));
        String cursorOfA = feedOfA.json().at("/meta/nextCursor").asText();
        dispatch.call("GET", "/api/v1/external/events?after=" + cursorOfA, Map.of("X-API-Key", b.apiKey()), null, 422);

        // recovery: a FAILED notification of C's is recovered by C alone
        Merchant c = dispatch.newMerchant("Isolation recover " + UUID.randomUUID());
        dispatch.registerWebhook(c.id(), receiverA.url());
        String ofC = create(c, "c-failed");
        String failed = await().atMost(Duration.ofSeconds(20))
                .until(
                        () -> notifications(c, ofC),
                        list -> list.size() == 1
                                && list.get(0).get("status").asText().equals("SUCCEEDED"))
                .get(0)
                .get("id")
                .asText();
        dispatch.bean(org.springframework.jdbc.core.JdbcTemplate.class)
                .update("update webhook.notifications set status = 'FAILED' where id = ?::uuid", failed);
        String range = "{\"since\":\"" + java.time.Instant.now().minusSeconds(3600) + "\"}";
        assertThat(dispatch.call(
                                "POST",
                                "/api/v1/external/webhooks/recover",
                                Map.of("X-API-Key", b.apiKey()),
                                range,
                                202)
                        .data()
                        .get("count")
                        .asInt())
                .isZero();
        assertThat(dispatch.bean(org.springframework.jdbc.core.JdbcTemplate.class)
                        .queryForObject(
                                "select status from webhook.notifications where id = ?::uuid", String.class, failed))
                .isEqualTo("FAILED");
        assertThat(dispatch.call(
                                "POST",
                                "/api/v1/external/webhooks/recover",
                                Map.of("X-API-Key", c.apiKey()),
                                range,
                                202)
                        .data()
                        .get("count")
                        .asInt())
                .isEqualTo(1);
    }

    // --- idempotency --------------------------------------------------------------------------

    @Test
    void idempotency_keys_are_per_merchant_for_creates_reads_and_cancels() throws Exception {
        String key = "isolation-" + UUID.randomUUID();
        String body = ORDER.formatted("same-key");
        Answer createdByA = dispatch.call(
                "POST",
                "/api/v1/external/dispatches",
                Map.of("X-API-Key", a.apiKey(), "Idempotency-Key", key),
                body,
                201);
        Answer createdByB = dispatch.call(
                "POST",
                "/api/v1/external/dispatches",
                Map.of("X-API-Key", b.apiKey(), "Idempotency-Key", key),
                body,
                201);
        assertThat(createdByB.header("Idempotent-Replayed"))
                .as("not A's answer replayed")
                .isNull();
        String idOfB = createdByB.data().get("id").asText();
        assertThat(idOfB).isNotEqualTo(createdByA.data().get("id").asText());
        assertThat(createdByB.header("X-Request-Id")).isNotEqualTo(createdByA.header("X-Request-Id"));
        dispatch.call("GET", "/api/v1/external/dispatches/" + idOfB, merchant(b.apiKey()), null, 200);
        dispatch.call("GET", "/api/v1/external/dispatches/" + idOfB, merchant(a.apiKey()), null, 404);
        // and each merchant's replay still answers its own
        Answer replayedForB = dispatch.call(
                "POST",
                "/api/v1/external/dispatches",
                Map.of("X-API-Key", b.apiKey(), "Idempotency-Key", key),
                body,
                201);
        assertThat(replayedForB.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replayedForB.data().get("id").asText()).isEqualTo(idOfB);

        // a read's stored answer is A's alone: B with A's key string reads its own list
        String readKey = "isolation-read-" + UUID.randomUUID();
        Answer listOfA = dispatch.call(
                "GET",
                "/api/v1/external/dispatches?limit=200",
                Map.of("X-API-Key", a.apiKey(), "Idempotency-Key", readKey),
                null,
                200);
        assertThat(listOfA.response().body()).contains(freshOfA);
        Answer listOfB = dispatch.call(
                "GET",
                "/api/v1/external/dispatches?limit=200",
                Map.of("X-API-Key", b.apiKey(), "Idempotency-Key", readKey),
                null,
                200);
        assertThat(listOfB.header("Idempotent-Replayed")).isNull();
        assertThat(listOfB.response().body()).doesNotContain(freshOfA).contains(idOfB);

        // a cancel under A's key string cancels B's own delivery, not a replay of A's
        String cancelKey = "isolation-cancel-" + UUID.randomUUID();
        String cancel = "{\"status\":\"CANCELLED\"}";
        String anotherOfA = create(a, "a-cancel-key");
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + anotherOfA + "/status",
                Map.of("X-API-Key", a.apiKey(), "Idempotency-Key", cancelKey),
                cancel,
                200);
        Answer cancelledByB = dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + idOfB + "/status",
                Map.of("X-API-Key", b.apiKey(), "Idempotency-Key", cancelKey),
                cancel,
                200);
        assertThat(cancelledByB.header("Idempotent-Replayed")).isNull();
        assertThat(cancelledByB.data().get("id").asText()).isEqualTo(idOfB);
        assertThat(cancelledByB.data().get("status").asText()).isEqualTo("CANCELLED");
    }
}
