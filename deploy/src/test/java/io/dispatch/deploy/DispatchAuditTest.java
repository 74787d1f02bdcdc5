package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import io.dispatch.infrastructure.WebhookReceiver;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The audit of one delivery (GET /api/v1/admin/audit/dispatches/:id), over real HTTP against the
 * whole service on a real Kafka broker and PostgreSQL: a delivery whose read models followed its
 * events agrees; read-model rows corrupted on purpose are reported field by field (and restored
 * after, so the shared database stays true to its log); asOf shows the delivery as it stood then.
 */
class DispatchAuditTest {

    private static final String AUDIT = "/api/v1/admin/audit/dispatches/";
    private static final String ORDER = """
      {"customerName":"Wanjiru Kamau","customerPhone":"+254 700 000 016","externalId":"audit-%s",
       "pickup":{"address":"Kimathi St 3","lat":-1.2833,"lng":36.8219},
       "dropoff":{"address":"Argwings Kodhek Rd 7","lat":-1.2921,"lng":36.7866},
       "paymentType":"COD","amountCents":90000}""";

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Merchant merchant;
    private static WebhookReceiver receiver;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void start() throws Exception {
        jdbc = dispatch.bean(JdbcTemplate.class);
        merchant = dispatch.newMerchant("Audited " + UUID.randomUUID());
        receiver = new WebhookReceiver();
        dispatch.registerWebhook(merchant.id(), receiver.url());
    }

    @AfterAll
    static void stop() {
        receiver.close();
    }

    @Test
    void a_delivery_whose_read_models_followed_its_events_agrees_and_every_corrupted_field_is_named() throws Exception {
        Rider rider = dispatch.newRider("Audit Rider");
        String id = create();
        riderPost(rider, "/dispatches/" + id + "/accept", null, 200);
        riderPost(rider, "/location", "{\"lat\":-1.2840,\"lng\":36.8220}", 202);
        riderPost(rider, "/dispatches/" + id + "/pickup", null, 200);
        riderPost(rider, "/dispatches/" + id + "/depart", null, 200);
        riderPost(
                rider,
                "/dispatches/" + id + "/deliver",
                "{\"proof\":{\"type\":\"PHOTO\",\"recipientName\":\"Wanjiru\",\"photoUrl\":\"https://x.test/p.jpg\"}}",
                200);

        // created, assigned, location_updated, picked_up, en_route, delivered; one notification each
        JsonNode agreed = awaitAgreement(id, 6);
        assertThat(agreed.get("dispatchId").asText()).isEqualTo(id);
        assertThat(agreed.get("differences")).isEmpty();
        assertThat(agreed.has("asOf")).as("no asOf asked").isFalse();
        assertThat(agreed.has("state")).isFalse();
        assertThat(agreed.has("events")).isFalse();
        List<Map<String, Object>> notifications = jdbc.queryForList(
                "select id, event, status, attempt_count from webhook.notifications where dispatch_id = ?::uuid"
                        + " order by sequence",
                id);
        assertThat(notifications)
                .extracting(n -> n.get("event"))
                .containsExactly(
                        "dispatch.created",
                        "dispatch.assigned",
                        "dispatch.location_updated",
                        "dispatch.picked_up",
                        "dispatch.en_route",
                        "dispatch.delivered");

        Map<String, Long> sequences = sequencesByType(id);
        long pickedUp = sequences.get("dispatch.picked_up");
        long departed = sequences.get("dispatch.en_route");
        Map<String, Object> location = notifications.get(2);
        String notification = location.get("id").toString();

        List<String> saved = new ArrayList<>();
        saved.add(saveRow("query.dispatches", "id = '" + id + "'"));
        saved.add(saveRow("query.dispatch_history", "dispatch_id = '" + id + "' and sequence = " + pickedUp));
        saved.add(saveRow("query.dispatch_history", "dispatch_id = '" + id + "' and sequence = " + departed));
        saved.add(saveRow("query.webhook_attempts", "notification_id = '" + notification + "'"));
        try {
            jdbc.update(
                    "update query.dispatches set status = 'CANCELLED',"
                            + " body = jsonb_set(body, '{customerName}', '\"Mallory\"') where id = ?::uuid",
                    id);
            jdbc.update(
                    "delete from query.dispatch_history where dispatch_id = ?::uuid and sequence = ?", id, pickedUp);
            jdbc.update(
                    "update query.dispatch_history set status = 'FAILED' where dispatch_id = ?::uuid and sequence = ?",
                    id,
                    departed);
            jdbc.update(
                    "update query.webhook_attempts set status = 'FAILED', attempt_count = 7"
                            + " where notification_id = ?::uuid",
                    notification);

            JsonNode corrupted = audit(id, null, 200).data();
            assertThat(corrupted.get("agrees").asBoolean()).isFalse();
            assertThat(corrupted.get("eventCount").asInt()).isEqualTo(6);
            assertThat(differences(corrupted))
                    .containsExactly(
                            "delivery columns.status \"DELIVERED\" \"CANCELLED\"",
                            "delivery customerName \"Wanjiru Kamau\" \"Mallory\"",
                            // a missing history entry is reported whole
                            "history history[" + pickedUp + "] <object> null",
                            "history history[" + departed + "].status \"IN_TRANSIT\" \"FAILED\"",
                            "webhooks webhooks[" + notification + "].status \"" + location.get("status")
                                    + "\" \"FAILED\"",
                            "webhooks webhooks[" + notification + "].attemptCount " + location.get("attempt_count")
                                    + " 7");
            JsonNode missing = find(corrupted, "history[" + pickedUp + "]");
            assertThat(missing.get("fromEvents").get("status").asText()).isEqualTo("PICKED_UP");
            assertThat(missing.get("fromEvents").get("previousStatus").asText()).isEqualTo("ASSIGNED");
            assertThat(missing.get("fromEvents").get("actorType").asText()).isEqualTo("rider");
            assertThat(missing.get("fromEvents").get("actorId").asText()).isEqualTo(rider.id());

            jdbc.update("delete from query.dispatches where id = ?::uuid", id);
            JsonNode rowless = audit(id, null, 200).data();
            JsonNode whole = find(rowless, "*");
            assertThat(whole.get("view").asText()).isEqualTo("delivery");
            assertThat(whole.get("readModel").isNull()).isTrue();
            assertThat(whole.get("fromEvents").get("status").asText()).isEqualTo("DELIVERED");
            assertThat(differences(rowless))
                    .filteredOn(d -> d.startsWith("delivery "))
                    .hasSize(1);
        } finally {
            jdbc.update("delete from query.dispatches where id = ?::uuid", id);
            jdbc.update(
                    "delete from query.dispatch_history where dispatch_id = ?::uuid and sequence in (?, ?)",
                    id,
                    pickedUp,
                    departed);
            jdbc.update("delete from query.webhook_attempts where notification_id = ?::uuid", notification);
            saved.forEach(this::restoreRow);
        }
        assertThat(awaitAgreement(id, 6).get("differences")).as("restored").isEmpty();
    }

    @Test
    void as_of_an_instant_between_two_transitions_shows_the_delivery_then_and_only_the_events_up_to_it()
            throws Exception {
        Rider rider = dispatch.newRider("Audit Rider Two");
        String id = create();
        riderPost(rider, "/dispatches/" + id + "/accept", null, 200);
        riderPost(rider, "/dispatches/" + id + "/pickup", null, 200);
        riderPost(rider, "/dispatches/" + id + "/depart", null, 200);
        awaitAgreement(id, 4);

        JsonNode everything = audit(id, Instant.now().plus(1, ChronoUnit.DAYS).toString(), 200)
                .data();
        JsonNode all = everything.get("events");
        assertThat(types(all))
                .containsExactly("dispatch.created", "dispatch.assigned", "dispatch.picked_up", "dispatch.en_route");
        Instant createdAt = Instant.parse(all.get(0).get("occurredAt").asText());
        Instant pickedUpAt = Instant.parse(all.get(2).get("occurredAt").asText());
        Instant departedAt = Instant.parse(all.get(3).get("occurredAt").asText());
        assertThat(departedAt).as("two transitions a request apart").isAfter(pickedUpAt);
        Instant between =
                pickedUpAt.plusMillis(Duration.between(pickedUpAt, departedAt).toMillis() / 2);

        JsonNode then = audit(id, between.toString(), 200).data();
        assertThat(Instant.parse(then.get("asOf").asText())).isEqualTo(between);
        assertThat(then.get("state").get("id").asText()).isEqualTo(id);
        assertThat(then.get("state").get("status").asText()).isEqualTo("PICKED_UP");
        assertThat(then.get("state").get("riderId").asText()).isEqualTo(rider.id());
        assertThat(then.get("state").get("updatedAt").asText())
                .isEqualTo(all.get(2).get("occurredAt").asText());
        assertThat(then.get("state").get("trackingUrl").asText())
                .endsWith("/track/" + then.get("state").get("trackingToken").asText());
        JsonNode events = then.get("events");
        assertThat(types(events)).containsExactly("dispatch.created", "dispatch.assigned", "dispatch.picked_up");
        long previous = -1;
        for (int i = 0; i < events.size(); i++) {
            assertThat(events.get(i).get("sequence").asLong()).isEqualTo(i);
            assertThat(Instant.parse(events.get(i).get("occurredAt").asText())).isBeforeOrEqualTo(between);
            long position = events.get(i).get("logPosition").asLong();
            assertThat(position).as("log positions grow").isGreaterThan(previous);
            assertThat(position).isEqualTo(all.get(i).get("logPosition").asLong());
            previous = position;
        }
        // the differences still compare the read models with the whole log: they hold the current state
        assertThat(then.get("agrees").asBoolean()).isTrue();
        assertThat(then.get("eventCount").asInt()).isEqualTo(4);

        JsonNode created = audit(id, createdAt.toString(), 200).data();
        assertThat(created.get("state").get("status").asText()).isEqualTo("NEW");
        assertThat(types(created.get("events"))).containsExactly("dispatch.created");
        JsonNode offset = audit(
                        id, between.atOffset(java.time.ZoneOffset.ofHours(3)).toString(), 200)
                .data();
        assertThat(offset.get("state").get("status").asText())
                .as("an offset names the same instant")
                .isEqualTo("PICKED_UP");

        Answer before = audit(id, createdAt.minusMillis(1).toString(), 404);
        assertThat(before.error().get("code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void bad_input_answers_the_error_envelope_with_the_contract_codes() throws Exception {
        String id = create();
        for (String malformed :
                List.of("yesterday", "2030-11-21", "2030-11-21T10:00:00", "2030-13-01T00:00:00Z", "", "1700000000")) {
            Answer refused = audit(id, malformed, 422);
            assertThat(refused.error().get("code").asText()).as(malformed).isEqualTo("VALIDATION_ERROR");
            assertThat(refused.error().get("details").get("fieldErrors").has("asOf"))
                    .as(malformed)
                    .isTrue();
        }
        for (String unknown : List.of(UUID.randomUUID().toString(), "not-a-uuid", "123")) {
            Answer missing = audit(unknown, null, 404);
            assertThat(missing.error().get("code").asText()).isEqualTo("NOT_FOUND");
        }
        assertThat(audit(UUID.randomUUID().toString(), "2030-11-21T10:00:00Z", 404)
                        .error()
                        .get("code")
                        .asText())
                .isEqualTo("NOT_FOUND");
        Answer anonymous = dispatch.call("GET", AUDIT + id, Map.of(), null, 401);
        assertThat(anonymous.error().get("code").asText()).isEqualTo("UNAUTHORIZED");
        dispatch.call("GET", AUDIT + id, Map.of("X-Admin-Token", "not-the-token"), null, 401);
        dispatch.call("GET", AUDIT + id, Map.of("X-API-Key", merchant.apiKey()), null, 401);
    }

    @Test
    void the_route_is_documented_with_its_answer() throws Exception {
        JsonNode docs = dispatch.documents();
        JsonNode get =
                docs.get("paths").get("/api/v1/admin/audit/dispatches/{id}").get("get");
        assertThat(get.get("security").toString()).contains("adminToken");
        List<String> parameters = new ArrayList<>();
        get.get("parameters").forEach(p -> parameters.add(p.get("name").asText()));
        assertThat(parameters).contains("id", "asOf");
        assertThat(get.get("responses").get("200").toString()).contains("DispatchAuditResponse");
        assertThat(get.get("responses").fieldNames()).toIterable().contains("200", "401", "404", "422");
        JsonNode schemas = docs.get("components").get("schemas");
        assertThat(schemas.get("DispatchAudit").get("properties").fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder(
                        "dispatchId", "eventCount", "agrees", "differences", "asOf", "state", "events");
        assertThat(schemas.get("AuditDifference").get("properties").fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder("view", "field", "fromEvents", "readModel");
        assertThat(schemas.get("AuditEvent").get("properties").fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder("sequence", "type", "occurredAt", "logPosition");
    }

    private static String create() throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        ORDER.formatted(UUID.randomUUID()),
                        201)
                .data()
                .get("id")
                .asText();
    }

    private static void riderPost(Rider rider, String path, String body, int expected) throws Exception {
        dispatch.call("POST", "/api/v1/rider" + path, rider(rider), body, expected);
    }

    private static Answer audit(String id, String asOf, int expected) throws Exception {
        String query = asOf == null ? "" : "?asOf=" + URLEncoder.encode(asOf, StandardCharsets.UTF_8);
        return dispatch.call("GET", AUDIT + id + query, admin(), null, expected);
    }

    /** Waits for the projections and the webhook records to catch up with the log. */
    private static JsonNode awaitAgreement(String id, int eventCount) {
        return await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> audit(id, null, 200).data(),
                        audit -> audit.get("agrees").asBoolean()
                                && audit.get("eventCount").asInt() == eventCount);
    }

    private static Map<String, Long> sequencesByType(String id) throws Exception {
        Map<String, Long> sequences = new java.util.HashMap<>();
        audit(id, Instant.now().plus(1, ChronoUnit.DAYS).toString(), 200)
                .data()
                .get("events")
                .forEach(e ->
                        sequences.put(e.get("type").asText(), e.get("sequence").asLong()));
        return sequences;
    }

    private static List<String> types(JsonNode events) {
        List<String> types = new ArrayList<>();
        events.forEach(e -> types.add(e.get("type").asText()));
        return types;
    }

    /** "view field fromEvents readModel", objects shortened to {@code <object>}. */
    private static List<String> differences(JsonNode audit) {
        List<String> found = new ArrayList<>();
        audit.get("differences")
                .forEach(d ->
                        found.add(d.get("view").asText() + " " + d.get("field").asText() + " "
                                + value(d.get("fromEvents")) + " " + value(d.get("readModel"))));
        return found;
    }

    private static String value(JsonNode node) {
        return node.isObject() ? "<object>" : node.toString();
    }

    private static JsonNode find(JsonNode audit, String field) {
        for (JsonNode difference : audit.get("differences")) {
            if (difference.get("field").asText().equals(field)) {
                return difference;
            }
        }
        throw new AssertionError("no difference on " + field + " in " + audit);
    }

    /** The row as JSON, to put back exactly as it was. */
    private static String saveRow(String table, String where) {
        String row =
                jdbc.queryForObject("select row_to_json(t)::text from " + table + " t where " + where, String.class);
        return table + "\n" + row;
    }

    private void restoreRow(String saved) {
        String table = saved.substring(0, saved.indexOf('\n'));
        jdbc.update(
                "insert into " + table + " select * from json_populate_record(null::" + table + ", ?::json)",
                saved.substring(saved.indexOf('\n') + 1));
    }
}
