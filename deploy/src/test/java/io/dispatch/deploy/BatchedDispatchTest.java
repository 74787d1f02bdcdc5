package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static io.dispatch.deploy.DispatchUnderTest.rider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.deploy.DispatchUnderTest.Rider;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Batching through the whole service (decisions.md §15, issue 34): in a BATCHED zone the engine inserts each new
 * delivery into the route of the rider it costs least, riders hold several at once, the decisions say where each
 * sits, the Delivery carries the estimates, and a rider who follows GET /rider/route delivers them all. The zone lies
 * in Tsavo, south of every other test's (AutomaticDispatchTest counts north from -2.8°; this one sits at -5.5°).
 */
class BatchedDispatchTest {

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();
    private static final double LAT = -5.5;
    private static final double LNG = 38.4;

    private static Merchant merchant;

    @BeforeAll
    static void registerMerchant() throws Exception {
        merchant = dispatch.newMerchant("Tsavo Batches " + UUID.randomUUID());
    }

    @Test
    void two_riders_carry_three_deliveries_each_on_planned_routes() throws Exception {
        String zoneId = batchedZone();
        Rider south = onShift("South Rider", -3000);
        Rider north = onShift("North Rider", 3000);
        Map<String, String> pins = new HashMap<>();
        List<String> southern = new ArrayList<>();
        List<String> northern = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            southern.add(create(-2900 + 150 * i, -1800 + 300 * i, pins));
            northern.add(create(2900 - 150 * i, 1800 - 300 * i, pins));
        }

        for (String id : southern) {
            await().atMost(Duration.ofSeconds(30)).until(() -> holder(id), south.id()::equals);
        }
        for (String id : northern) {
            await().atMost(Duration.ofSeconds(30)).until(() -> holder(id), north.id()::equals);
        }
        for (String id : southern) {
            List<JsonNode> decided = await().atMost(Duration.ofSeconds(30))
                    .until(() -> decisions(id), list -> types(list).contains("PLANNED"));
            JsonNode planned = decided.stream()
                    .filter(d -> d.get("type").asText().equals("PLANNED"))
                    .findFirst()
                    .orElseThrow();
            assertThat(planned.get("reason").asText()).startsWith("INSERTED: stops ");
            assertThat(planned.get("policy").get("mode").asText()).isEqualTo("BATCHED");
            assertThat(planned.get("policy").get("zoneId").asText()).isEqualTo(zoneId);
            JsonNode delivery = await().atMost(Duration.ofSeconds(30))
                    .until(
                            () -> delivery(id),
                            d -> !d.path("estimatedDeliveryAt").isNull());
            assertThat(Instant.parse(delivery.get("estimatedDeliveryAt").asText()))
                    .isAfter(Instant.parse(delivery.get("estimatedPickupAt").asText()));
        }

        List<JsonNode> route =
                await().atMost(Duration.ofSeconds(30)).until(() -> route(south), stops -> stops.size() == 6);
        assertPickupsBeforeDropoffs(route, southern);

        followTheRoute(south, southern, pins);

        for (String id : southern) {
            assertThat(delivery(id).get("status").asText()).isEqualTo("DELIVERED");
        }
        assertThat(route(south)).isEmpty();
    }

    /**
     * The zone's improvement (every {@code dispatch.plan.reoptimize-interval}, PT2S in tests) gives a delivery nobody
     * has collected to an idle rider next to its pickup when its rider has ridden far away (ADR 0061): one rider holds
     * it at every moment, the decisions say why, and both riders' routes follow. Half a degree east of the other test,
     * so neither test's riders are near the other's deliveries.
     */
    @Test
    void an_uncollected_delivery_moves_to_an_idle_rider_next_to_its_pickup_and_both_routes_follow() throws Exception {
        double lng = LNG + 0.5;
        batchedZone(lng);
        Rider first = onShift("First Rider", 0, lng);
        Map<String, String> pins = new HashMap<>();
        String id = create(500, 1500, lng, pins);
        await().atMost(Duration.ofSeconds(30)).until(() -> holder(id), first.id()::equals);
        assertThat(await().atMost(Duration.ofSeconds(30)).until(() -> route(first), stops -> stops.size() == 2))
                .allSatisfy(stop -> assertThat(stop.get("dispatchId").asText()).isEqualTo(id));

        moveTo(first, -4400, lng);
        Rider next = onShift("Next Rider", 600, lng);

        await().atMost(Duration.ofSeconds(60)).until(() -> holder(id), next.id()::equals);
        List<JsonNode> moved =
                await().atMost(Duration.ofSeconds(30)).until(() -> route(next), stops -> stops.size() == 2);
        assertPickupsBeforeDropoffs(moved, List.of(id));
        await().atMost(Duration.ofSeconds(30)).until(() -> route(first).isEmpty());
        List<JsonNode> decided = await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> decisions(id),
                        list -> list.stream()
                                .anyMatch(d -> d.get("type").asText().equals("PLANNED")
                                        && d.get("riderId").asText().equals(next.id())));
        JsonNode move = decided.stream()
                .filter(d -> d.get("type").asText().equals("AUTO_ASSIGNED")
                        && d.get("riderId").asText().equals(next.id()))
                .findFirst()
                .orElseThrow();
        assertThat(move.get("reason").asText()).startsWith("batched: moved").contains(first.id());
        assertThat(decided.stream()
                        .filter(d -> d.get("type").asText().equals("PLANNED")
                                && d.get("riderId").asText().equals(next.id()))
                        .findFirst()
                        .orElseThrow()
                        .get("reason")
                        .asText())
                .startsWith("REOPTIMIZED: stops 1 and 2 of 2");

        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(first), null, 403);
        dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(next), null, 200);
        assertThat(delivery(id).get("status").asText()).isEqualTo("PICKED_UP");
    }

    /** Serves the route's first stop, reads the route again, and so on until it is empty. */
    private static void followTheRoute(Rider rider, List<String> held, Map<String, String> pins) throws Exception {
        for (int step = 0; step < 6; step++) {
            List<JsonNode> stops = route(rider);
            assertThat(stops).as("the route before step %d", step).hasSize(6 - step);
            JsonNode next = stops.getFirst();
            String id = next.get("dispatchId").asText();
            assertThat(held).contains(id);
            if (next.get("kind").asText().equals("PICKUP")) {
                dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/pickup", rider(rider), null, 200);
            } else {
                dispatch.call("POST", "/api/v1/rider/dispatches/" + id + "/depart", rider(rider), null, 200);
                dispatch.deliverWithPin(rider, id, "Wambui Njeri", pins.get(id), 200);
            }
            int left = 5 - step;
            await().atMost(Duration.ofSeconds(30)).until(() -> route(rider).size() == left);
        }
    }

    private static void assertPickupsBeforeDropoffs(List<JsonNode> route, List<String> ids) {
        List<String> order = new ArrayList<>();
        Instant previous = Instant.MIN;
        for (JsonNode stop : route) {
            order.add(stop.get("kind").asText() + " " + stop.get("dispatchId").asText());
            Instant at = Instant.parse(stop.get("plannedAt").asText());
            assertThat(at).as("planned times in route order").isAfterOrEqualTo(previous);
            previous = at;
        }
        for (String id : ids) {
            assertThat(order.indexOf("PICKUP " + id))
                    .isGreaterThanOrEqualTo(0)
                    .isLessThan(order.indexOf("DROPOFF " + id));
        }
    }

    // ---- the world of the test

    private static double north(double meters) {
        return LAT + meters / 111_320.0;
    }

    private static String batchedZone() throws Exception {
        return batchedZone(LNG);
    }

    private static String batchedZone(double lng) throws Exception {
        String zoneId = "tsavo-batched-" + UUID.randomUUID().toString().substring(0, 8);
        dispatch.newZone(zoneId, LAT, lng, 0.08, "{\"mode\":\"BATCHED\"}");
        return zoneId;
    }

    /** A real rider holding up to three deliveries, on shift {@code metres} north of the zone's centre. */
    private static Rider onShift(String name, double metres) throws Exception {
        return onShift(name, metres, LNG);
    }

    private static Rider onShift(String name, double metres, double lng) throws Exception {
        Rider rider = dispatch.newRider(name);
        dispatch.call("PUT", "/api/v1/admin/riders/" + rider.id(), admin(), "{\"maxActive\":3}", 200);
        dispatch.call("POST", "/api/v1/rider/shift", rider(rider), "{\"status\":\"ON\"}", 200);
        moveTo(rider, metres, lng);
        await().atMost(Duration.ofSeconds(15)).until(() -> eligibleWithRoom(rider.id(), 3));
        return rider;
    }

    private static void moveTo(Rider rider, double metres, double lng) throws Exception {
        dispatch.call(
                "POST",
                "/api/v1/rider/location",
                rider(rider),
                "{\"lat\":%s,\"lng\":%s}".formatted(north(metres), lng),
                202);
    }

    private static boolean eligibleWithRoom(String riderId, int maxActive) throws Exception {
        for (JsonNode known : dispatch.call("GET", "/api/v1/admin/dispatch/engine", admin(), null, 200)
                .data()
                .get("riders")) {
            if (known.get("riderId").asText().equals(riderId)) {
                return known.get("eligible").asBoolean()
                        && known.get("maxActive").asInt() == maxActive;
            }
        }
        return false;
    }

    private static String create(double pickupNorth, double dropoffNorth, Map<String, String> pins) throws Exception {
        return create(pickupNorth, dropoffNorth, LNG, pins);
    }

    private static String create(double pickupNorth, double dropoffNorth, double lng, Map<String, String> pins)
            throws Exception {
        JsonNode created = dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        """
        {"customerName":"Wambui Njeri","customerPhone":"+254 722 000 433","externalId":"batch-%s",
         "pickup":{"address":"Voi Rd 1","lat":%s,"lng":%s},
         "dropoff":{"address":"Mwatate Rd 9","lat":%s,"lng":%s},
         "paymentType":"PREPAID"}""".formatted(UUID.randomUUID(), north(pickupNorth), lng, north(dropoffNorth), lng + 0.01),
                        201)
                .data();
        pins.put(created.get("id").asText(), created.get("deliveryPin").asText());
        return created.get("id").asText();
    }

    private static List<JsonNode> route(Rider rider) throws Exception {
        List<JsonNode> stops = new ArrayList<>();
        dispatch.call("GET", "/api/v1/rider/route", rider(rider), null, 200)
                .data()
                .get("stops")
                .forEach(stops::add);
        return stops;
    }

    private static JsonNode delivery(String id) throws Exception {
        return dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(merchant.apiKey()), null, 200)
                .data();
    }

    private static List<JsonNode> decisions(String dispatchId) throws Exception {
        return dispatch.decisions(dispatchId);
    }

    private static List<String> types(List<JsonNode> decisions) {
        return decisions.stream().map(decision -> decision.get("type").asText()).toList();
    }

    private static String holder(String dispatchId) throws Exception {
        return dispatch.holder(dispatchId);
    }
}
