package io.dispatch.query.rider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.Topics;
import io.dispatch.query.DispatchEventLog;
import io.dispatch.query.QueryServiceContext;
import io.dispatch.query.decision.DecisionLog;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.identity.Scope;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * What the route planner's events show (decisions.md §15), over real HTTP, fed through the real
 * projection from events published to Kafka: GET /api/v1/rider/route, the Delivery's estimates and
 * the tracking JSON's and stream's.
 */
@SpringBootTest(classes = QueryServiceContext.App.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RiderRouteTest extends QueryServiceContext {

    private static final ParameterizedTypeReference<Map<String, Object>> JSON = new ParameterizedTypeReference<>() {};
    private static final ParameterizedTypeReference<ServerSentEvent<Map<String, Object>>> EVENT =
            new ParameterizedTypeReference<>() {};
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private static final DecisionPolicy BATCHED = new DecisionPolicy("nairobi-cbd", "BATCHED", 1);
    private static DispatchEventLog log;

    @DynamicPropertySource
    static void settings(DynamicPropertyRegistry registry) {
        registry.add("dispatch.rate-limit.per-minute", () -> "100000");
        // the first request may come while the consumers still join their group; the bound is not under test
        registry.add("dispatch.query.max-staleness-wait", () -> "PT30S");
        DispatchEventLog.createTopics(Topics.DISPATCH_EVENTS);
    }

    @LocalServerPort
    int port;

    @Autowired
    RiderAccounts riders;

    @Autowired
    MerchantAccounts merchants;

    @Autowired
    JdbcTemplate jdbc;

    @BeforeAll
    static void openLog() {
        log = new DispatchEventLog();
    }

    @AfterAll
    static void closeLog() {
        log.close();
    }

    @Test
    void a_rider_sees_the_stops_of_what_it_holds_in_planned_order_then_the_unplanned_by_assignment() {
        UUID merchant =
                merchants.createMerchant("Route " + UUID.randomUUID(), false).id();
        var rider = riders.createRider("Otieno", "+254700000002", false);
        var otherRider = riders.createRider("Wanjiru", "+254700000004", false);
        UUID other = otherRider.id();

        // planned, then assigned (INSERTED comes before the assignment): its pickup and its drop-off
        DecisionLog planned = delivery(merchant);
        planned.add(plan(planned, rider.id(), NOW.plusSeconds(1), NOW.plusSeconds(600), NOW.plusSeconds(1800)));
        planned.assigned(rider.id(), NOW.plusSeconds(1), Actor.system());
        // picked up and planned again: its drop-off only, and the latest plan
        DecisionLog collected = delivery(merchant);
        collected.add(plan(collected, rider.id(), NOW.plusSeconds(2), NOW.plusSeconds(300), NOW.plusSeconds(1200)));
        collected.assigned(rider.id(), NOW.plusSeconds(2), Actor.system());
        collected.add(new DispatchPickedUp(
                collected.dispatchId, merchant, NOW.plusSeconds(100), Actor.rider(rider.id()), rider.id()));
        collected.add(plan(collected, rider.id(), NOW.plusSeconds(200), null, NOW.plusSeconds(900)));
        // assigned by an operator, never planned: last, by assignment time, pickup before drop-off
        DecisionLog unplannedLater = delivery(merchant);
        DecisionLog unplannedEarlier = delivery(merchant);
        unplannedLater.assigned(rider.id(), NOW.plusSeconds(4), Actor.operator("ops"));
        unplannedEarlier.assigned(rider.id(), NOW.plusSeconds(3), Actor.operator("ops"));
        // not the rider's any more, or ended: not on the route, and their plans are not its updatedAt
        DecisionLog cancelled = delivery(merchant);
        cancelled.add(plan(cancelled, rider.id(), NOW.plusSeconds(700), NOW.plusSeconds(800), NOW.plusSeconds(999)));
        cancelled.assigned(rider.id(), NOW.plusSeconds(5), Actor.system());
        cancelled.add(new DispatchCancelled(
                cancelled.dispatchId, merchant, NOW.plusSeconds(701), Actor.merchant(merchant), "no longer needed"));
        DecisionLog givenBack = delivery(merchant);
        givenBack.add(plan(givenBack, rider.id(), NOW.plusSeconds(600), NOW.plusSeconds(650), NOW.plusSeconds(950)));
        givenBack.assigned(rider.id(), NOW.plusSeconds(6), Actor.system());
        givenBack.unassigned(rider.id(), NOW.plusSeconds(601), "flat tyre");
        DecisionLog moved = delivery(merchant);
        moved.add(plan(moved, rider.id(), NOW.plusSeconds(650), NOW.plusSeconds(660), NOW.plusSeconds(960)));
        moved.assigned(rider.id(), NOW.plusSeconds(7), Actor.system());
        moved.assigned(other, NOW.plusSeconds(651), Actor.operator("ops"));
        publish(planned, collected, unplannedLater, unplannedEarlier, cancelled, givenBack, moved);

        Map<String, Object> route = route(rider.token());

        assertThat(route)
                .containsEntry("riderId", rider.id().toString())
                .containsEntry("updatedAt", iso(NOW.plusSeconds(200)));
        List<Map<String, Object>> stops = stops(route);
        assertThat(stops)
                .extracting(stop -> stop.get("dispatchId") + " " + stop.get("kind") + " " + at(stop.get("plannedAt")))
                .containsExactly(
                        planned.dispatchId + " PICKUP " + NOW.plusSeconds(600),
                        collected.dispatchId + " DROPOFF " + NOW.plusSeconds(900),
                        planned.dispatchId + " DROPOFF " + NOW.plusSeconds(1800),
                        unplannedEarlier.dispatchId + " PICKUP null",
                        unplannedEarlier.dispatchId + " DROPOFF null",
                        unplannedLater.dispatchId + " PICKUP null",
                        unplannedLater.dispatchId + " DROPOFF null");
        // the holder's view (decisions.md §13): both addresses, and nothing of the customer here
        assertThat(stops.get(0))
                .containsOnlyKeys("dispatchId", "kind", "address", "lat", "lng", "plannedAt")
                .containsEntry("address", "Kenyatta Ave 1")
                .containsEntry("lat", -1.28)
                .containsEntry("lng", 36.81);
        assertThat(stops.get(1)).containsEntry("address", "Ngong Rd 5").containsEntry("lat", -1.3012);

        // the other rider holds the moved one, planned for the first rider only
        Map<String, Object> theirs = route(otherRider.token());
        assertThat(theirs).containsEntry("updatedAt", null);
        assertThat(stops(theirs))
                .extracting(stop -> stop.get("dispatchId") + " " + stop.get("kind"))
                .containsExactly(moved.dispatchId + " PICKUP", moved.dispatchId + " DROPOFF");
    }

    @Test
    void a_rider_holding_nothing_gets_no_stops_and_without_a_token_the_route_answers_401() {
        var rider = riders.createRider("Idle", "+254700000005", true);
        Map<String, Object> route = route(rider.token());
        assertThat(route).containsEntry("riderId", rider.id().toString()).containsEntry("updatedAt", null);
        assertThat(stops(route)).isEmpty();

        for (String token : new String[] {null, "rdr_not-a-token"}) {
            var request = client().get().uri("/api/v1/rider/route");
            if (token != null) {
                request = request.header("X-Rider-Token", token);
            }
            Map<String, Object> refused = request.exchange()
                    .expectStatus()
                    .isUnauthorized()
                    .expectBody(JSON)
                    .returnResult()
                    .getResponseBody();
            assertThat(refused).containsEntry("success", false);
            assertThat(error(refused)).containsEntry("code", "UNAUTHORIZED");
        }
    }

    @Test
    void the_delivery_and_its_tracking_carry_the_planners_estimates() {
        UUID merchant = merchants
                .createMerchant("Estimates " + UUID.randomUUID(), false)
                .id();
        String apiKey = merchants.issueKey(merchant, Set.of(Scope.READ)).apiKey();
        UUID rider = riders.createRider("Achieng", "+254700000006", false).id();
        DecisionLog plannedOne = delivery(merchant);
        plannedOne.add(plan(plannedOne, rider, NOW.plusSeconds(1), NOW.plusSeconds(600), NOW.plusSeconds(1800)));
        plannedOne.assigned(rider, NOW.plusSeconds(1), Actor.system());
        DecisionLog collected = delivery(merchant);
        collected.add(plan(collected, rider, NOW.plusSeconds(1), NOW.plusSeconds(300), NOW.plusSeconds(1200)));
        collected.assigned(rider, NOW.plusSeconds(1), Actor.system());
        collected.add(
                new DispatchPickedUp(collected.dispatchId, merchant, NOW.plusSeconds(60), Actor.rider(rider), rider));
        DecisionLog unplanned = delivery(merchant);
        publish(plannedOne, collected, unplanned);

        Map<String, Object> delivery = merchantRead(apiKey, plannedOne.dispatchId);
        assertThat(delivery)
                .containsEntry("estimatedPickupAt", iso(NOW.plusSeconds(600)))
                .containsEntry("estimatedDeliveryAt", iso(NOW.plusSeconds(1800)));
        assertThat(List.copyOf(delivery.keySet()))
                .containsSubsequence("targetPickupAt", "targetDeliveryAt", "estimatedPickupAt", "estimatedDeliveryAt");
        assertThat(merchantRead(apiKey, collected.dispatchId))
                .containsEntry("estimatedPickupAt", null)
                .containsEntry("estimatedDeliveryAt", iso(NOW.plusSeconds(1200)));
        assertThat(merchantRead(apiKey, unplanned.dispatchId))
                .containsEntry("estimatedPickupAt", null)
                .containsEntry("estimatedDeliveryAt", null);

        Map<String, Object> tracking = data(client().get()
                .uri("/api/v1/track/tok-" + plannedOne.dispatchId)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JSON)
                .returnResult()
                .getResponseBody());
        assertThat(tracking)
                .containsEntry("estimatedPickupAt", iso(NOW.plusSeconds(600)))
                .containsEntry("estimatedDeliveryAt", iso(NOW.plusSeconds(1800)));
        assertThat(data(client().get()
                        .uri("/api/v1/track/tok-" + unplanned.dispatchId)
                        .exchange()
                        .expectStatus()
                        .isOk()
                        .expectBody(JSON)
                        .returnResult()
                        .getResponseBody()))
                .containsEntry("estimatedPickupAt", null)
                .containsEntry("estimatedDeliveryAt", null);

        // the stream starts with the current state: the status, then the estimates (no rider position yet)
        List<ServerSentEvent<Map<String, Object>>> opening = client().get()
                .uri("/api/v1/track/tok-" + plannedOne.dispatchId + "/stream")
                .accept(MediaType.TEXT_EVENT_STREAM)
                .exchange()
                .expectStatus()
                .isOk()
                .returnResult(EVENT)
                .getResponseBody()
                .filter(event -> event.event() != null)
                .take(2)
                .collectList()
                .block(Duration.ofSeconds(30));
        assertThat(opening).extracting(ServerSentEvent::event).containsExactly("status", "estimates");
        assertThat(opening.get(1).data())
                .containsEntry("estimatedPickupAt", iso(NOW.plusSeconds(600)))
                .containsEntry("estimatedDeliveryAt", iso(NOW.plusSeconds(1800)));
    }

    private static DecisionLog delivery(UUID merchant) {
        return new DecisionLog(merchant, NOW, BATCHED, "nairobi-cbd");
    }

    private static DeliveryPlanned plan(
            DecisionLog delivery, UUID rider, Instant at, Instant pickupAt, Instant deliveryAt) {
        return new DeliveryPlanned(
                delivery.dispatchId,
                delivery.merchantId,
                at,
                Actor.engine(),
                rider,
                pickupAt,
                deliveryAt,
                pickupAt == null ? DeliveryPlanned.REPLANNED : DeliveryPlanned.INSERTED,
                pickupAt == null ? null : 1,
                2,
                2,
                240,
                BATCHED,
                DecisionLog.candidates(rider));
    }

    /** Publishes the deliveries' streams and waits until the deliveries' projection has applied them. */
    private void publish(DecisionLog... deliveries) {
        for (DecisionLog delivery : deliveries) {
            for (EventEnvelope event : delivery.events()) {
                log.publish(event);
            }
        }
        log.acknowledged();
        for (DecisionLog delivery : deliveries) {
            long last = delivery.events().size() - 1;
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> jdbc.queryForList(
                                            "select 1 from query.dispatches where id = ? and last_sequence >= ?",
                                            delivery.dispatchId,
                                            last)
                                    .size()
                            == 1);
        }
    }

    private WebTestClient client() {
        return WebTestClient.bindToServer()
                .baseUrl("http://localhost:" + port)
                .responseTimeout(Duration.ofSeconds(40))
                .build();
    }

    private Map<String, Object> route(String riderToken) {
        return data(client().get()
                .uri("/api/v1/rider/route")
                .header("X-Rider-Token", riderToken)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JSON)
                .returnResult()
                .getResponseBody());
    }

    private Map<String, Object> merchantRead(String apiKey, UUID dispatchId) {
        return data(client().get()
                .uri("/api/v1/external/dispatches/" + dispatchId)
                .header("X-API-Key", apiKey)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JSON)
                .returnResult()
                .getResponseBody());
    }

    /** How the API writes an instant: ISO 8601 in UTC with milliseconds. */
    private static String iso(Instant instant) {
        return java.time.format.DateTimeFormatter.ISO_INSTANT
                .format(instant.truncatedTo(ChronoUnit.MILLIS))
                .replaceFirst("(:\\d\\d)Z$", "$1.000Z");
    }

    private static Instant at(Object iso) {
        return iso == null ? null : Instant.parse((String) iso);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(Map<String, Object> envelope) {
        return (Map<String, Object>) envelope.get("data");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> envelope) {
        return (Map<String, Object>) envelope.get("error");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> stops(Map<String, Object> route) {
        return (List<Map<String, Object>>) route.get("stops");
    }
}
