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
import io.dispatch.events.RiderLocationUpdated;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The operator and rider APIs drive deliveries through the whole lifecycle, over real HTTP
 * against the whole service on a real Kafka broker and PostgreSQL: who may do what, the
 * history with its actors, proof of delivery and its PIN, racing riders, CSV import, zones,
 * and the location throttle.
 */
@ExtendWith(OutputCaptureExtension.class)
class LifecycleApiTest {

    /** Mombasa, far from every other test's Nairobi deliveries, so offers near it are ours. */
    private static final double LAT = -4.0435;

    private static final double LNG = 39.6682;

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static Merchant merchant;
    private static ExecutorService pool;

    @BeforeAll
    static void start() throws Exception {
        merchant = dispatch.newMerchant("Lifecycle");
        pool = Executors.newFixedThreadPool(8);
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
    }

    private static String order(String externalId, double pickupLat, double pickupLng) {
        return """
        {"customerName":"Baraka Otieno","customerPhone":"+254 700 000 002","externalId":"%s",
         "pickup":{"address":"Moi Ave, Mombasa","lat":%s,"lng":%s},
         "dropoff":{"address":"Nyali Rd, Mombasa","lat":-4.0300,"lng":39.7100},
         "paymentType":"PREPAID"}""".formatted(externalId, pickupLat, pickupLng);
    }

    private static JsonNode create(String externalId, double lat, double lng) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        order(externalId, lat, lng),
                        201)
                .data();
    }

    private static Answer riderPost(Rider rider, String path, String body, int expected) throws Exception {
        return dispatch.call("POST", "/api/v1/rider" + path, rider(rider), body, expected);
    }

    private static JsonNode merchantRead(String id) throws Exception {
        return dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(merchant.apiKey()), null, 200)
                .data();
    }

    private static List<String> history(String id, String field) throws Exception {
        JsonNode events = dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + id + "/events", merchant(merchant.apiKey()), null, 200)
                .data();
        List<String> values = new ArrayList<>();
        events.forEach(e -> values.add(
                field.equals("actor")
                        ? e.get("actor").get("type").asText() + ":"
                                + e.get("actor").get("id").asText()
                        : e.get(field).asText()));
        return values;
    }

    private static void assertConflict(Answer answer, String currentStatus) {
        assertThat(answer.error().get("code").asText()).isEqualTo("CONFLICT");
        assertThat(answer.error().get("details").get("currentStatus").asText()).isEqualTo(currentStatus);
    }

    @Test
    void a_rider_takes_a_delivery_from_offer_to_delivered_with_a_pin_it_never_sees() throws Exception {
        Rider rider = dispatch.newRider("Juma Mwangi");
        String far = create("far", LAT - 0.03, LNG).get("id").asText();
        JsonNode created = create("near", LAT + 0.001, LNG + 0.001);
        String id = created.get("id").asText();
        String pin = created.get("deliveryPin").asText();
        assertThat(pin).matches("\\d{4}");

        riderPost(rider, "/location", "{\"lat\":" + LAT + ",\"lng\":" + LNG + "}", 202);
        JsonNode offers = dispatch.call("GET", "/api/v1/rider/offers?limit=200", rider(rider), null, 200)
                .data();
        List<String> offered = new ArrayList<>();
        offers.forEach(o -> offered.add(o.get("dispatchId").asText()));
        assertThat(offered).contains(id, far);
        assertThat(offered.indexOf(id)).as("nearest first").isLessThan(offered.indexOf(far));
        offers.forEach(
                o -> assertThat(o.has("deliveryPin")).as("no PIN in offers").isFalse());

        JsonNode accepted =
                riderPost(rider, "/dispatches/" + id + "/accept", null, 200).data();
        assertThat(accepted.get("status").asText()).isEqualTo("ASSIGNED");
        assertThat(accepted.get("riderId").asText()).isEqualTo(rider.id());
        assertThat(accepted.has("deliveryPin")).isFalse();
        assertThat(riderPost(rider, "/dispatches/" + id + "/pickup", null, 200)
                        .data()
                        .get("status")
                        .asText())
                .isEqualTo("PICKED_UP");
        assertThat(riderPost(rider, "/dispatches/" + id + "/depart", null, 200)
                        .data()
                        .get("status")
                        .asText())
                .isEqualTo("IN_TRANSIT");

        String wrongPin = String.format("%04d", (Integer.parseInt(pin) + 1) % 10_000);
        Answer refused = dispatch.deliverWithPin(rider, id, "Baraka", wrongPin, 422);
        assertThat(refused.error().get("details").get("fieldErrors").has("proof.pin"))
                .isTrue();
        Answer noProof = riderPost(rider, "/dispatches/" + id + "/deliver", "{}", 422);
        assertThat(noProof.error().get("details").get("fieldErrors").has("proof"))
                .isTrue();
        Answer photoWithoutUrl = riderPost(
                rider,
                "/dispatches/" + id + "/deliver",
                "{\"proof\":{\"type\":\"PHOTO\",\"recipientName\":\"Baraka\"}}",
                422);
        assertThat(photoWithoutUrl.error().get("details").get("fieldErrors").has("proof.photoUrl"))
                .isTrue();

        JsonNode delivered =
                dispatch.deliverWithPin(rider, id, "Baraka", pin, 200).data();
        assertThat(delivered.get("status").asText()).isEqualTo("DELIVERED");
        assertThat(delivered.has("deliveryPin")).isFalse();

        JsonNode seen = merchantRead(id);
        assertThat(seen.get("status").asText()).isEqualTo("DELIVERED");
        assertThat(seen.get("deliveryPin").asText()).isEqualTo(pin);
        assertThat(seen.get("proofOfDelivery").get("type").asText()).isEqualTo("PIN");
        assertThat(seen.get("proofOfDelivery").get("recipientName").asText()).isEqualTo("Baraka");
        assertThat(seen.get("proofOfDelivery").get("capturedAt").asText()).isNotBlank();
        assertThat(history(id, "status")).containsExactly("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED");
        assertThat(history(id, "actor"))
                .containsExactly(
                        "merchant:" + merchant.id(),
                        "rider:" + rider.id(),
                        "rider:" + rider.id(),
                        "rider:" + rider.id(),
                        "rider:" + rider.id());

        assertConflict(riderPost(rider, "/dispatches/" + id + "/pickup", null, 409), "DELIVERED");
        dispatch.call(
                "PATCH",
                "/api/v1/external/dispatches/" + far + "/status",
                merchant(merchant.apiKey()),
                "{\"status\":\"CANCELLED\"}",
                200);
    }

    @Test
    void riders_racing_for_one_delivery_exactly_one_wins() throws Exception {
        List<Rider> riders = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            riders.add(dispatch.newRider("Racer " + i));
        }
        for (int round = 0; round < 5; round++) {
            String id = create("race-" + round, LAT, LNG).get("id").asText();
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Answer>> answers = new ArrayList<>();
            for (Rider racer : riders) {
                Callable<Answer> accept = () -> {
                    go.await();
                    return dispatch.send(
                            "POST", "/api/v1/rider/dispatches/" + id + "/accept", rider(racer), null, null);
                };
                answers.add(pool.submit(accept));
            }
            go.countDown();
            List<String> winners = new ArrayList<>();
            for (int i = 0; i < riders.size(); i++) {
                Answer answer = answers.get(i).get();
                if (answer.status() == 200) {
                    winners.add(riders.get(i).id());
                } else {
                    assertThat(answer.status()).as(answer.response().body()).isEqualTo(409);
                    assertConflict(answer, "ASSIGNED");
                }
            }
            assertThat(winners).as("round %d", round).hasSize(1);
            assertThat(merchantRead(id).get("riderId").asText()).isEqualTo(winners.get(0));
            assertThat(history(id, "status")).containsExactly("NEW", "ASSIGNED");
        }
    }

    @Test
    void only_the_assigned_rider_acts_wrong_states_conflict_and_credentials_are_checked() throws Exception {
        Rider holder = dispatch.newRider("Holder");
        Rider other = dispatch.newRider("Other");
        String id = create("guarded", LAT, LNG).get("id").asText();

        Answer notAssigned = riderPost(other, "/dispatches/" + id + "/pickup", null, 403);
        assertThat(notAssigned.error().get("code").asText()).isEqualTo("FORBIDDEN");
        riderPost(holder, "/dispatches/" + id + "/accept", null, 200);
        assertThat(riderPost(other, "/dispatches/" + id + "/pickup", null, 403)
                        .error()
                        .get("code")
                        .asText())
                .isEqualTo("FORBIDDEN");
        assertConflict(riderPost(other, "/dispatches/" + id + "/accept", null, 409), "ASSIGNED");
        assertConflict(riderPost(holder, "/dispatches/" + id + "/depart", null, 409), "ASSIGNED");

        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", Map.of(), null, 401);
        dispatch.call(
                "POST",
                "/api/v1/rider/dispatches/" + id + "/pickup",
                Map.of("X-Rider-Token", holder.token() + "x"),
                null,
                401);
        dispatch.call(
                "POST",
                "/api/v1/rider/dispatches/" + id + "/pickup",
                Map.of("X-API-Key", merchant.apiKey()),
                null,
                401);
        dispatch.call(
                "POST", "/api/v1/admin/dispatches/" + id + "/fail", rider(holder), "{\"reasonCode\":\"OTHER\"}", 401);
        dispatch.call("POST", "/api/v1/rider/dispatches/" + UUID.randomUUID() + "/accept", rider(holder), null, 404);
        dispatch.call("POST", "/api/v1/rider/dispatches/not-an-id/accept", rider(holder), null, 404);

        Answer badReason = riderPost(holder, "/dispatches/" + id + "/fail", "{\"reasonCode\":\"BORED\"}", 422);
        assertThat(badReason.error().get("details").get("fieldErrors").has("reasonCode"))
                .isTrue();
        Answer otherWithoutDetail = riderPost(holder, "/dispatches/" + id + "/fail", "{\"reasonCode\":\"OTHER\"}", 422);
        assertThat(otherWithoutDetail.error().get("details").get("fieldErrors").has("detail"))
                .isTrue();
        Answer badLocation = riderPost(holder, "/location", "{\"lat\":91,\"timestamp\":\"yesterday\"}", 422);
        assertThat(badLocation.error().get("details").get("fieldErrors").fieldNames())
                .toIterable()
                .contains("lat", "lng", "timestamp");

        JsonNode failed = riderPost(
                        holder,
                        "/dispatches/" + id + "/fail",
                        "{\"reasonCode\":\"CUSTOMER_UNREACHABLE\",\"detail\":\"No answer at the gate\"}",
                        200)
                .data();
        assertThat(failed.get("status").asText()).isEqualTo("FAILED");
        JsonNode seen = merchantRead(id);
        assertThat(seen.get("failureReason").asText()).isEqualTo("CUSTOMER_UNREACHABLE");
        assertThat(seen.get("failureDetail").asText()).isEqualTo("No answer at the gate");
        JsonNode last = dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + id + "/events", merchant(merchant.apiKey()), null, 200)
                .data()
                .get(2);
        assertThat(last.get("status").asText()).isEqualTo("FAILED");
        assertThat(last.get("reasonCode").asText()).isEqualTo("CUSTOMER_UNREACHABLE");
        assertThat(last.get("detail").asText()).isEqualTo("No answer at the gate");
        assertThat(last.get("actor").get("type").asText()).isEqualTo("rider");
        assertConflict(riderPost(holder, "/dispatches/" + id + "/fail", "{\"reasonCode\":\"REFUSED\"}", 409), "FAILED");
    }

    @Test
    void operators_create_assign_reassign_fail_and_read_any_delivery() throws Exception {
        Rider first = dispatch.newRider("First");
        Rider second = dispatch.newRider("Second");
        Map<String, String> operator = new HashMap<>(admin());
        operator.put("X-Operator-Id", "ops-amina");

        JsonNode staff = dispatch.call(
                        "POST",
                        "/api/v1/admin/merchants/" + merchant.id() + "/dispatches",
                        operator,
                        order("staff-1", LAT, LNG),
                        201)
                .data();
        String id = staff.get("id").asText();
        assertThat(staff.get("source").asText()).isEqualTo("staff");
        assertThat(staff.get("deliveryPin").asText()).matches("\\d{4}");
        dispatch.call(
                "POST",
                "/api/v1/admin/merchants/" + UUID.randomUUID() + "/dispatches",
                admin(),
                order("nobody", LAT, LNG),
                404);
        Answer invalid = dispatch.call(
                "POST",
                "/api/v1/admin/merchants/" + merchant.id() + "/dispatches",
                admin(),
                "{\"customerName\":\"\"}",
                422);
        assertThat(invalid.error().get("details").get("fieldErrors").fieldNames())
                .toIterable()
                .contains("customerName", "customerPhone", "pickup", "dropoff", "paymentType");

        Answer unknownRider = dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                admin(),
                "{\"riderId\":\"" + UUID.randomUUID() + "\"}",
                422);
        assertThat(unknownRider.error().get("details").get("fieldErrors").has("riderId"))
                .isTrue();
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                operator,
                "{\"riderId\":\"" + first.id() + "\"}",
                200);
        JsonNode reassigned = dispatch.call(
                        "POST",
                        "/api/v1/admin/dispatches/" + id + "/assign",
                        operator,
                        "{\"riderId\":\"" + second.id() + "\"}",
                        200)
                .data();
        assertThat(reassigned.get("riderId").asText()).isEqualTo(second.id());
        riderPost(first, "/dispatches/" + id + "/pickup", null, 403);
        riderPost(second, "/dispatches/" + id + "/pickup", null, 200);
        assertConflict(
                dispatch.call(
                        "POST",
                        "/api/v1/admin/dispatches/" + id + "/assign",
                        admin(),
                        "{\"riderId\":\"" + first.id() + "\"}",
                        409),
                "PICKED_UP");

        JsonNode failed = dispatch.call(
                        "POST",
                        "/api/v1/admin/dispatches/" + id + "/fail",
                        operator,
                        "{\"reasonCode\":\"DAMAGED\",\"detail\":\"Crushed in transit\"}",
                        200)
                .data();
        assertThat(failed.get("status").asText()).isEqualTo("FAILED");
        assertConflict(
                dispatch.call(
                        "POST",
                        "/api/v1/admin/dispatches/" + id + "/fail",
                        admin(),
                        "{\"reasonCode\":\"DAMAGED\"}",
                        409),
                "FAILED");

        JsonNode any = dispatch.call("GET", "/api/v1/admin/dispatches/" + id, admin(), null, 200)
                .data();
        assertThat(any.get("failureReason").asText()).isEqualTo("DAMAGED");
        dispatch.call("GET", "/api/v1/admin/dispatches/" + UUID.randomUUID(), admin(), null, 404);
        assertThat(history(id, "status")).containsExactly("NEW", "ASSIGNED", "ASSIGNED", "PICKED_UP", "FAILED");
        assertThat(history(id, "actor"))
                .containsExactly(
                        "operator:ops-amina",
                        "operator:ops-amina",
                        "operator:ops-amina",
                        "rider:" + second.id(),
                        "operator:ops-amina");
    }

    @Test
    void a_csv_import_creates_every_row_or_none_and_names_the_bad_row() throws Exception {
        Merchant importer = dispatch.newMerchant("Importer");
        String header = "customerName,customerPhone,pickup.address,pickup.lat,pickup.lng,dropoff.address,paymentType,"
                + "amountCents,externalId\n";
        String bad = header
                + "Amina Njeri,+254700000001,Moi Ave 1,-1.2841,36.8233,Ngong Rd 12,COD,150000,csv-1\n"
                + "Baraka Otieno,not-a-phone,Moi Ave 2,-1.2842,north,Ngong Rd 13,PREPAID,,csv-2\n";
        Answer refused = dispatch.send(
                "POST", "/api/v1/admin/merchants/" + importer.id() + "/dispatches/import", admin(), bad, "text/csv");
        assertThat(refused.status()).as(refused.response().body()).isEqualTo(422);
        assertThat(refused.error().get("details").get("fieldErrors").fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder("rows[1].customerPhone", "rows[1].pickup.lng");
        JsonNode none = dispatch.call("GET", "/api/v1/external/dispatches", merchant(importer.apiKey()), null, 200)
                .data();
        assertThat(none).as("nothing of a refused import exists").isEmpty();

        String good = header
                + "Amina Njeri,+254700000001,Moi Ave 1,-1.2841,36.8233,Ngong Rd 12,COD,150000,csv-1\n"
                + "\"Otieno, Baraka\",+254 700 000 002,\"Moi Ave 2, 3rd floor\",,,Ngong Rd 13,PREPAID,,csv-2\n";
        Answer imported = dispatch.send(
                "POST", "/api/v1/admin/merchants/" + importer.id() + "/dispatches/import", admin(), good, "text/csv");
        assertThat(imported.status()).as(imported.response().body()).isEqualTo(201);
        assertThat(imported.data().get("count").asInt()).isEqualTo(2);
        JsonNode rows = imported.data().get("dispatches");
        assertThat(rows.get(0).get("externalId").asText()).isEqualTo("csv-1");
        assertThat(rows.get(0).get("amountCents").asLong()).isEqualTo(150000);
        assertThat(rows.get(0).get("zoneId").asText()).isEqualTo("nairobi-cbd");
        assertThat(rows.get(1).get("customerName").asText()).isEqualTo("Otieno, Baraka");
        assertThat(rows.get(1).get("pickup").get("address").asText()).isEqualTo("Moi Ave 2, 3rd floor");
        assertThat(rows.get(1).get("source").asText()).isEqualTo("csv");
        JsonNode listed = dispatch.call(
                        "GET", "/api/v1/external/dispatches?source=csv", merchant(importer.apiKey()), null, 200)
                .data();
        assertThat(listed).hasSize(2);

        Answer empty = dispatch.send(
                "POST", "/api/v1/admin/merchants/" + importer.id() + "/dispatches/import", admin(), header, "text/csv");
        assertThat(empty.status()).isEqualTo(422);
        assertThat(empty.error().get("details").get("fieldErrors").has("rows")).isTrue();
        Answer unreadable = dispatch.send(
                "POST",
                "/api/v1/admin/merchants/" + importer.id() + "/dispatches/import",
                admin(),
                header + "\"unclosed,quote\n",
                "text/csv");
        assertThat(unreadable.status()).as(unreadable.response().body()).isEqualTo(422);
        assertThat(unreadable.error().get("details").get("fieldErrors").has("body"))
                .isTrue();
    }

    @Test
    void zones_and_the_default_schedule_are_managed_by_operators_and_price_quotes() throws Exception {
        String zone = """
        {"name":"Mombasa Island","priority":5,
         "polygon":{"type":"Polygon","coordinates":[[[39.64,-4.08],[39.69,-4.08],[39.69,-4.03],[39.64,-4.03],[39.64,-4.08]]]},
         "baseFeeCents":10000,"perKmCents":1000,"minFeeCents":12000,"targetPickupSeconds":900,
         "targetDeliverySeconds":2700,"detourFactor":1.2,"avgSpeedKmh":20}""";
        String quote = "/api/v1/external/quotes?pickup_lat=" + LAT + "&pickup_lng=" + LNG
                + "&dropoff_lat=-4.0435&dropoff_lng=39.6682";
        JsonNode put = dispatch.call("PUT", "/api/v1/admin/zones/mombasa-island", admin(), zone, 201)
                .data();
        assertThat(put.get("polygon").get("coordinates").get(0)).hasSize(5);
        dispatch.call("PUT", "/api/v1/admin/zones/mombasa-island", admin(), zone, 200);
        JsonNode zones =
                dispatch.call("GET", "/api/v1/admin/zones", admin(), null, 200).data();
        List<String> ids = new ArrayList<>();
        zones.forEach(z -> ids.add(z.get("id").asText()));
        assertThat(ids).contains("mombasa-island", "nairobi-cbd");

        JsonNode inZone = dispatch.call("GET", quote, Map.of("X-API-Key", merchant.apiKey()), null, 200)
                .data();
        assertThat(inZone.get("zone_id").asText()).isEqualTo("mombasa-island");
        assertThat(inZone.get("fee_cents").asLong()).isEqualTo(12000);
        assertThat(inZone.get("target_pickup_seconds").asLong()).isEqualTo(900);

        Answer bowtie = dispatch.call(
                "PUT",
                "/api/v1/admin/zones/bad",
                admin(),
                zone.replace(
                        "[[39.64,-4.08],[39.69,-4.08],[39.69,-4.03],[39.64,-4.03],[39.64,-4.08]]",
                        "[[39.64,-4.08],[39.69,-4.03],[39.69,-4.08],[39.64,-4.03],[39.64,-4.08]]"),
                422);
        assertThat(bowtie.error().get("details").get("fieldErrors").has("polygon"))
                .isTrue();
        Answer open = dispatch.call(
                "PUT",
                "/api/v1/admin/zones/bad",
                admin(),
                zone.replace("[39.64,-4.03],[39.64,-4.08]]", "[39.64,-4.03],[39.63,-4.08]]"),
                422);
        assertThat(open.error().get("details").get("fieldErrors").has("polygon.coordinates[0]"))
                .isTrue();
        Answer badFields = dispatch.call(
                "PUT", "/api/v1/admin/zones/Bad%20Id", admin(), "{\"name\":\"x\",\"baseFeeCents\":-1}", 422);
        assertThat(badFields.error().get("details").get("fieldErrors").fieldNames())
                .toIterable()
                .contains("zoneId", "polygon", "baseFeeCents", "perKmCents", "detourFactor", "targetPickupSeconds");

        dispatch.call("DELETE", "/api/v1/admin/zones/mombasa-island", admin(), null, 204);
        dispatch.call("DELETE", "/api/v1/admin/zones/mombasa-island", admin(), null, 404);
        JsonNode defaults = dispatch.call("GET", "/api/v1/admin/pricing/default", admin(), null, 200)
                .data();
        try {
            dispatch.call(
                    "PUT",
                    "/api/v1/admin/pricing/default",
                    admin(),
                    "{\"baseFeeCents\":30000,\"perKmCents\":5000,\"minFeeCents\":31000,\"detourFactor\":1.3,\"avgSpeedKmh\":25}",
                    200);
            JsonNode outside = dispatch.call("GET", quote, Map.of("X-API-Key", merchant.apiKey()), null, 200)
                    .data();
            assertThat(outside.get("zone_id").isNull()).isTrue();
            assertThat(outside.get("fee_cents").asLong()).isEqualTo(31000);
            assertThat(outside.get("target_pickup_seconds").asLong())
                    .as("targets kept when not given")
                    .isEqualTo(defaults.get("targetPickupSeconds").asLong());
        } finally {
            dispatch.call("PUT", "/api/v1/admin/pricing/default", admin(), defaults.toString(), 200);
        }
    }

    @Test
    void every_location_fix_reaches_tracking_and_location_events_are_throttled_per_rider() throws Exception {
        Rider rider = dispatch.newRider("Tracked Rider");
        List<String> ids = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            JsonNode created = create("tracked-" + i, LAT, LNG);
            ids.add(created.get("id").asText());
            tokens.add(created.get("trackingToken").asText());
            riderPost(rider, "/dispatches/" + ids.get(i) + "/accept", null, 200);
        }
        JsonNode before = dispatch.call("GET", "/api/v1/track/" + tokens.get(0), Map.of(), null, 200)
                .data();
        assertThat(before.get("status").asText()).isEqualTo("ASSIGNED");
        assertThat(before.get("rider").get("name").asText()).isEqualTo("Tracked");
        assertThat(before.get("deliveryPin").asText()).matches("\\d{4}");

        int emitted = 0;
        double lastLat = 0;
        for (int i = 0; i < 25; i++) {
            lastLat = LAT + i * 0.0005;
            JsonNode accepted = riderPost(rider, "/location", "{\"lat\":" + lastLat + ",\"lng\":" + LNG + "}", 202)
                    .data();
            assertThat(accepted.get("activeDispatchIds")).hasSize(2);
            emitted += accepted.get("locationEventsEmitted").asBoolean() ? 1 : 0;
        }
        assertThat(emitted).as("one location event per 20 s however many fixes").isEqualTo(1);
        EventStore events = dispatch.bean(EventStore.class);
        for (String id : ids) {
            long locationEvents = events.readEvents(id)
                    .asStream()
                    .filter(e -> e.getPayload() instanceof RiderLocationUpdated)
                    .count();
            assertThat(locationEvents).as("dispatch.location_updated of %s", id).isEqualTo(1);
        }
        double expectedLat = lastLat;
        for (String token : tokens) {
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                JsonNode tracked = dispatch.call("GET", "/api/v1/track/" + token, Map.of(), null, 200)
                        .data();
                assertThat(tracked.get("rider").get("location").get("latitude").asDouble())
                        .isEqualTo(expectedLat);
            });
        }
        dispatch.call("GET", "/api/v1/track/" + "x".repeat(24), Map.of(), null, 404);
    }

    @Test
    void rider_tokens_and_api_keys_are_shown_once_and_never_logged(CapturedOutput output) throws Exception {
        Merchant secretive = dispatch.newMerchant("Secretive");
        Rider rider = dispatch.newRider("Discreet");
        String id = create("secret", LAT, LNG).get("id").asText();
        riderPost(rider, "/dispatches/" + id + "/accept", null, 200);
        riderPost(rider, "/location", "{\"lat\":" + LAT + ",\"lng\":" + LNG + "}", 202);
        String tokenId = rider.token().substring(0, rider.token().indexOf('.'));
        dispatch.call("GET", "/api/v1/rider/offers", Map.of("X-Rider-Token", tokenId + ".wrong-secret"), null, 401);
        dispatch.call("GET", "/api/v1/external/dispatches", merchant(secretive.apiKey() + "x"), null, 401);
        dispatch.call("POST", "/api/v1/admin/riders", Map.of("X-Admin-Token", "not-the-token"), "{}", 401);

        String riderSecret = rider.token().substring(rider.token().indexOf('.') + 1);
        String keySecret = secretive.apiKey().substring(secretive.apiKey().indexOf('.') + 1);
        assertThat(output.getAll())
                .as("the service's log is captured")
                .contains("Registered rider " + rider.id())
                .contains("Issued API key " + secretive.keyId());
        assertThat(output.getAll())
                .doesNotContain(riderSecret)
                .doesNotContain(keySecret)
                .doesNotContain("wrong-secret");
    }

    @Test
    void the_operator_and_rider_routes_are_documented() throws Exception {
        JsonNode docs = dispatch.documents();
        List<String> paths = new ArrayList<>();
        docs.get("paths").fieldNames().forEachRemaining(paths::add);
        assertThat(paths)
                .contains(
                        "/api/v1/admin/riders",
                        "/api/v1/admin/zones",
                        "/api/v1/admin/zones/{zoneId}",
                        "/api/v1/admin/pricing/default",
                        "/api/v1/admin/merchants/{merchantId}/dispatches",
                        "/api/v1/admin/merchants/{merchantId}/dispatches/import",
                        "/api/v1/admin/dispatches/{id}",
                        "/api/v1/admin/dispatches/{id}/assign",
                        "/api/v1/admin/dispatches/{id}/fail",
                        "/api/v1/rider/offers",
                        "/api/v1/rider/location",
                        "/api/v1/rider/dispatches/{id}/accept",
                        "/api/v1/rider/dispatches/{id}/pickup",
                        "/api/v1/rider/dispatches/{id}/depart",
                        "/api/v1/rider/dispatches/{id}/deliver",
                        "/api/v1/rider/dispatches/{id}/fail",
                        "/api/v1/track/{token}",
                        "/api/v1/admin/simulator");
        JsonNode deliver =
                docs.get("paths").get("/api/v1/rider/dispatches/{id}/deliver").get("post");
        assertThat(deliver.get("security").toString()).contains("riderToken");
        assertThat(docs.get("components")
                        .get("schemas")
                        .get("CreateMerchant")
                        .get("properties")
                        .has("sandbox"))
                .as("operators can create sandbox merchants")
                .isTrue();
        JsonNode assign =
                docs.get("paths").get("/api/v1/admin/dispatches/{id}/assign").get("post");
        assertThat(assign.get("security").toString()).contains("adminToken");
    }
}
