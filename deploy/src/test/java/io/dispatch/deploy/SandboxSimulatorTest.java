package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static io.dispatch.deploy.DispatchUnderTest.merchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.command.pricing.FeeCalculator;
import io.dispatch.deploy.DispatchUnderTest.Answer;
import io.dispatch.deploy.DispatchUnderTest.Merchant;
import io.dispatch.infrastructure.WebhookReceiver;
import io.dispatch.simulator.trip.DoorOutcome;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.RiderAccounts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox rider simulator through the whole service: a sandbox merchant's deliveries are
 * taken, ridden at the zone's average speed and delivered (or failed at the door) by simulated
 * riders through the real rider API, so the merchant's own endpoint receives the signed
 * webhooks, the history names the riders and tracking follows them; other merchants' deliveries
 * are left to people. The suite runs the simulator at 600x with half the deliveries failing.
 */
class SandboxSimulatorTest {

    /** A zone of its own, far from every other test's, with a speed no default has. */
    private static final String ZONE = """
      {"name":"Simulator test zone","priority":1,
       "polygon":{"type":"Polygon","coordinates":[[[20.00,0.50],[20.10,0.50],[20.10,0.60],[20.00,0.60],[20.00,0.50]]]},
       "baseFeeCents":10000,"perKmCents":1000,"minFeeCents":12000,"targetPickupSeconds":900,
       "targetDeliverySeconds":2700,"detourFactor":1.3,"avgSpeedKmh":12}""";

    private static final double PICKUP_LAT = 0.52;
    private static final double PICKUP_LNG = 20.02;
    private static final double DROPOFF_LAT = 0.545;
    private static final double DROPOFF_LNG = 20.04;

    private static final DispatchUnderTest dispatch = DispatchUnderTest.get();

    @AutoClose
    private static final WebhookReceiver receiver = new WebhookReceiver();

    @BeforeAll
    static void start() throws Exception {
        dispatch.call("PUT", "/api/v1/admin/zones/simulator-test", admin(), ZONE, 201);
    }

    @AfterAll
    static void stop() throws Exception {
        dispatch.call("DELETE", "/api/v1/admin/zones/simulator-test", admin(), null, 204);
    }

    @Test
    void a_sandbox_merchant_gets_dispatch_delivered_on_its_own_endpoint_and_other_merchants_are_left_alone()
            throws Exception {
        Merchant live = dispatch.newMerchant("Live merchant " + UUID.randomUUID());
        String untouched = create(live).get("id").asText();

        Merchant sandbox = dispatch.newSandboxMerchant("Sandbox merchant " + UUID.randomUUID());
        String secret = dispatch.registerWebhook(sandbox.id(), receiver.url());
        // the outcome is a fixed function of the id: create until there is one of each
        JsonNode delivering = null;
        JsonNode failing = null;
        for (int i = 0; i < 40 && (delivering == null || failing == null); i++) {
            JsonNode created = create(sandbox);
            boolean fails = DoorOutcome.failsAtTheDoor(
                    UUID.fromString(created.get("id").asText()), DispatchUnderTest.SIMULATOR_FAIL_SHARE);
            if (fails && failing == null) {
                failing = created;
            } else if (!fails && delivering == null) {
                delivering = created;
            }
        }
        assertThat(delivering).isNotNull();
        assertThat(failing).isNotNull();
        String id = delivering.get("id").asText();

        List<JsonNode> hooks = await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> hooksFor(id, secret),
                        received -> received.stream()
                                .anyMatch(h -> h.get("event").asText().equals("dispatch.delivered")));
        List<String> events = hooks.stream().map(h -> h.get("event").asText()).toList();
        assertThat(events)
                .containsSubsequence(
                        "dispatch.created",
                        "dispatch.assigned",
                        "dispatch.picked_up",
                        "dispatch.en_route",
                        "dispatch.delivered");
        JsonNode deliveredHook = hooks.stream()
                .filter(h -> h.get("event").asText().equals("dispatch.delivered"))
                .findFirst()
                .orElseThrow()
                .get("data");
        assertThat(deliveredHook.get("proof_of_delivery").get("type").asText()).isEqualTo("PIN");
        assertThat(deliveredHook.get("proof_of_delivery").get("recipient_name").asText())
                .isEqualTo("Achieng Otieno");

        JsonNode status = simulator();
        Set<String> simulatedRiders = new HashSet<>();
        status.get("simulatedRiders")
                .forEach(r -> simulatedRiders.add(r.get("id").asText()));
        assertThat(simulatedRiders).hasSize(3);

        JsonNode history = history(sandbox, id);
        List<String> statuses = new ArrayList<>();
        history.forEach(e -> statuses.add(e.get("status").asText()));
        assertThat(statuses).containsSubsequence("NEW", "ASSIGNED", "PICKED_UP", "IN_TRANSIT", "DELIVERED");
        JsonNode assigned = StreamSupport.stream(history.spliterator(), false)
                .filter(e -> e.get("status").asText().equals("ASSIGNED"))
                .findFirst()
                .orElseThrow();
        assertThat(assigned.get("actor").get("type").asText()).isEqualTo("rider");
        String riderId = assigned.get("actor").get("id").asText();
        assertThat(simulatedRiders).contains(riderId);

        // the ride: a straight line at the zone's 12 km/h over its detour factor of 1.3 (the travel model), ending at
        // the dropoff
        JsonNode trip = await().atMost(Duration.ofSeconds(10)).until(() -> trip(id), t -> t != null);
        long distance = FeeCalculator.distanceMeters(PICKUP_LAT, PICKUP_LNG, DROPOFF_LAT, DROPOFF_LNG);
        assertThat(trip.get("stage").asText()).isEqualTo("DELIVERED");
        assertThat(trip.get("riderId").asText()).isEqualTo(riderId);
        assertThat(trip.get("speedKmh").asDouble()).isEqualTo(12.0);
        assertThat(trip.get("distanceMeters").asLong()).isEqualTo(distance);
        assertThat(trip.get("simulatedRideSeconds").asDouble()).isCloseTo(distance * 1.3 / (12 / 3.6), offset(1.0));
        assertThat(trip.get("locationReports").asInt())
                .as("pickup, on the way, dropoff")
                .isGreaterThanOrEqualTo(3);
        assertThat(trip.get("lastReported").get("lat").asDouble()).isEqualTo(DROPOFF_LAT);
        assertThat(trip.get("lastReported").get("lng").asDouble()).isEqualTo(DROPOFF_LNG);
        String token = delivering.get("trackingToken").asText();
        JsonNode tracked = dispatch.call("GET", "/api/v1/track/" + token, Map.of(), null, 200)
                .data();
        assertThat(tracked.get("status").asText()).isEqualTo("DELIVERED");
        assertThat(tracked.get("rider").get("name").asText()).isEqualTo("Sandbox");

        // the other one fails at the door, with a reason
        String failedId = failing.get("id").asText();
        JsonNode failed = await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> delivery(sandbox, failedId),
                        d -> d.get("status").asText().equals("FAILED"));
        assertThat(failed.get("failureReason").asText()).isIn("CUSTOMER_UNREACHABLE", "WRONG_ADDRESS", "REFUSED");
        assertThat(failed.get("failureDetail").asText()).startsWith("Sandbox simulator: ");
        assertThat(failed.get("riderId").asText()).isIn(simulatedRiders);

        // created before every sandbox delivery, long since read past, and still waiting for a person
        JsonNode left = delivery(live, untouched);
        assertThat(left.get("status").asText()).isEqualTo("NEW");
        JsonNode after = simulator();
        assertThat(after.toString()).doesNotContain(untouched);
    }

    @Test
    void a_delivery_an_operator_assigns_to_a_simulated_rider_is_driven_to_the_end() throws Exception {
        // a sandbox merchant's: simulated riders are sandbox riders (decisions.md §13)
        Merchant live = dispatch.newSandboxMerchant("Operator-assigned " + UUID.randomUUID());
        String id = create(live).get("id").asText();
        JsonNode riders = simulator().get("simulatedRiders");
        String riderId = riders.get(riders.size() - 1).get("id").asText();
        assign(id, riderId);

        boolean fails = DoorOutcome.failsAtTheDoor(UUID.fromString(id), DispatchUnderTest.SIMULATOR_FAIL_SHARE);
        JsonNode done = await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> delivery(live, id),
                        d -> Set.of("DELIVERED", "FAILED")
                                .contains(d.get("status").asText()));
        assertThat(done.get("status").asText()).isEqualTo(fails ? "FAILED" : "DELIVERED");
        assertThat(done.get("riderId").asText()).isEqualTo(riderId);
    }

    @Test
    void a_delivery_taken_away_from_a_simulated_rider_ends_its_trip_and_frees_the_rider() throws Exception {
        Merchant live = dispatch.newSandboxMerchant("Taken away " + UUID.randomUUID());
        String id = create(live).get("id").asText();
        JsonNode riders = simulator().get("simulatedRiders");
        String riderId = riders.get(0).get("id").asText();
        assign(id, riderId);
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/fail",
                admin(),
                "{\"reasonCode\":\"OTHER\",\"detail\":\"merchant closed for the day\"}",
                200);

        // whether the rider had started on it (its next step is refused) or not (it finds it FAILED), the trip ends
        JsonNode trip = await().atMost(Duration.ofSeconds(30)).until(() -> trip(id), t -> t != null);
        assertThat(trip.get("stage").asText()).isIn("INTERRUPTED", "LEFT");
        assertThat(trip.get("riderId").asText()).isEqualTo(riderId);
        JsonNode failed = delivery(live, id);
        assertThat(failed.get("status").asText()).isEqualTo("FAILED");
        assertThat(failed.get("failureDetail").asText()).isEqualTo("merchant closed for the day");
        JsonNode history = history(live, id);
        assertThat(history).hasSize(3); // NEW, ASSIGNED, FAILED: the simulator did nothing after the operator

        // the freed rider takes the next delivery assigned to it
        String next = create(live).get("id").asText();
        assign(next, riderId);
        await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> delivery(live, next),
                        d -> Set.of("DELIVERED", "FAILED")
                                .contains(d.get("status").asText()));
    }

    @Test
    void simulated_riders_are_sandbox_riders_so_an_operator_cannot_give_them_a_real_merchants_delivery()
            throws Exception {
        simulator(); // the simulator has made its riders
        List<RiderAccounts.Rider> simulated = dispatch.bean(RiderAccounts.class).simulatedRiders();
        assertThat(simulated).isNotEmpty().allMatch(RiderAccounts.Rider::sandbox);

        Merchant live = dispatch.newMerchant("Real merchant " + UUID.randomUUID());
        String id = create(live).get("id").asText();
        Answer refused = dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + id + "/assign",
                admin(),
                "{\"riderId\":\"" + simulated.getFirst().id() + "\"}",
                422);
        assertThat(refused.error().get("details").get("fieldErrors").has("riderId"))
                .isTrue();
        assertThat(delivery(live, id).get("status").asText()).isEqualTo("NEW");
    }

    @Test
    void the_local_run_seeds_a_demo_merchant_for_people_and_a_sandbox_merchant_and_keeps_their_keys(
            @TempDir Path dataDir) throws Exception {
        DemoMerchant seeding = dispatch.bean(DemoMerchant.class);
        Path file = dataDir.resolve("demo-merchant.properties");
        DemoMerchant.Demo first = seeding.ensure(file);
        DemoMerchant.Demo again = seeding.ensure(file);
        assertThat(again).as("a second start prints the same keys").isEqualTo(first);
        var accounts = dispatch.bean(MerchantAccounts.class);
        assertThat(accounts.findMerchant(first.demo().merchantId())
                        .orElseThrow()
                        .sandbox())
                .isFalse();
        assertThat(accounts.findMerchant(first.sandbox().merchantId())
                        .orElseThrow()
                        .sandbox())
                .isTrue();
        for (DemoMerchant.Account account : List.of(first.demo(), first.sandbox())) {
            dispatch.call("POST", "/api/v1/external/ping", Map.of("X-API-Key", account.apiKey()), null, 200);
        }
    }

    private static JsonNode simulator() throws Exception {
        return dispatch.call("GET", "/api/v1/admin/simulator", admin(), null, 200)
                .data();
    }

    private static JsonNode delivery(Merchant merchant, String id) throws Exception {
        return dispatch.call("GET", "/api/v1/external/dispatches/" + id, merchant(merchant.apiKey()), null, 200)
                .data();
    }

    private static JsonNode history(Merchant merchant, String id) throws Exception {
        return dispatch.call(
                        "GET", "/api/v1/external/dispatches/" + id + "/events", merchant(merchant.apiKey()), null, 200)
                .data();
    }

    private static JsonNode create(Merchant merchant) throws Exception {
        return dispatch.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(merchant.apiKey()),
                        """
        {"customerName":"Achieng Otieno","customerPhone":"+254 700 000 321",
         "pickup":{"address":"Test Zone Depot","lat":%s,"lng":%s},
         "dropoff":{"address":"Test Zone Gate 4","lat":%s,"lng":%s},"paymentType":"PREPAID"}""".formatted(PICKUP_LAT, PICKUP_LNG, DROPOFF_LAT, DROPOFF_LNG),
                        201)
                .data();
    }

    /** The webhooks of one delivery that arrived, verified against the merchant's secret, in arrival order. */
    private static List<JsonNode> hooksFor(String dispatchId, String secret) throws Exception {
        List<JsonNode> found = new ArrayList<>();
        for (WebhookReceiver.Received hook : DispatchUnderTest.hooksFor(receiver, dispatchId)) {
            DispatchUnderTest.verifySignature(hook, secret);
            found.add(DispatchUnderTest.JSON.readTree(hook.body()));
        }
        return found;
    }

    /** An operator assigns the delivery to the rider. */
    private static void assign(String dispatchId, String riderId) throws Exception {
        dispatch.call(
                "POST",
                "/api/v1/admin/dispatches/" + dispatchId + "/assign",
                admin(),
                "{\"riderId\":\"" + riderId + "\"}",
                200);
    }

    private static JsonNode trip(String dispatchId) throws Exception {
        JsonNode status = simulator();
        for (JsonNode trip : status.get("recentTrips")) {
            if (trip.get("dispatchId").asText().equals(dispatchId)) {
                return trip;
            }
        }
        return null;
    }
}
