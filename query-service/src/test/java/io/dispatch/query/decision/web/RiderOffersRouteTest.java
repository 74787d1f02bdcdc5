package io.dispatch.query.decision.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.query.decision.DecisionLog;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.RiderAccounts;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** GET /api/v1/rider/offers (decisions.md §14) and the live metrics of the decisions. */
class RiderOffersRouteTest extends DispatchingRoutesTest {

    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @Autowired
    RiderAccounts riders;

    @Autowired
    MerchantAccounts merchants;

    @Autowired
    MeterRegistry meters;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void a_rider_sees_its_own_open_offers_first_then_manual_deliveries_and_never_another_riders_offer() {
        UUID real = merchants.createMerchant("Real " + UUID.randomUUID(), false).id();
        UUID sandbox =
                merchants.createMerchant("Sandbox " + UUID.randomUUID(), true).id();
        var rider = riders.createRider("Otieno", "+254700000002", false);
        riders.recordPosition(rider.id(), new RiderAccounts.Position(-1.28, 36.81, NOW));
        UUID otherRider = UUID.randomUUID();
        String zone = zone();
        DecisionLog later = new DecisionLog(real, NOW, DecisionLog.policy("BROADCAST"), zone);
        UUID laterOffer = later.offered(rider.id(), NOW, NOW.plusSeconds(900));
        later.offered(otherRider, NOW, NOW.plusSeconds(900));
        DecisionLog sooner = new DecisionLog(real, NOW, DecisionLog.policy("RANKED"), zone);
        UUID soonerOffer = sooner.offered(rider.id(), NOW, NOW.plusSeconds(600));
        DecisionLog closed = new DecisionLog(real, NOW, DecisionLog.policy("RANKED"), zone);
        UUID declined = closed.offered(rider.id(), NOW, NOW.plusSeconds(600));
        closed.declined(declined, rider.id(), NOW.plusSeconds(1), null);
        DecisionLog othersOnly = new DecisionLog(real, NOW, DecisionLog.policy("RANKED"), zone);
        othersOnly.offered(otherRider, NOW, NOW.plusSeconds(600));
        DecisionLog manual = new DecisionLog(real, NOW, DecisionLog.policy("MANUAL"), zone);
        DecisionLog beforePolicies = new DecisionLog(real, NOW, null, null);
        DecisionLog sandboxManual = new DecisionLog(sandbox, NOW, DecisionLog.policy("MANUAL"), zone);
        publish(later, sooner, closed, othersOnly, manual, beforePolicies, sandboxManual);
        awaitProjected(jdbc, closed, 2);
        awaitProjected(jdbc, sandboxManual, 0);
        awaitProjected(jdbc, beforePolicies, 0);

        List<Map<String, Object>> offers = offers(rider.token(), 200);

        assertThat(offers.subList(0, 2))
                .extracting(offer -> offer.get("offerId") + ":" + offer.get("dispatchId") + ":" + offer.get("id"))
                .containsExactly(
                        soonerOffer + ":" + sooner.dispatchId + ":" + sooner.dispatchId,
                        laterOffer + ":" + later.dispatchId + ":" + later.dispatchId);
        assertThat(Instant.parse((String) offers.get(0).get("expiresAt"))).isEqualTo(NOW.plusSeconds(600));
        assertThat(offers.get(0))
                .containsKeys(
                        "pickup",
                        "dropoffArea",
                        "tripMeters",
                        "distanceToPickupMeters",
                        "paymentType",
                        "amountCents",
                        "feeCents",
                        "targetPickupAt")
                .doesNotContainKeys("customerName", "customerPhone", "externalId", "deliveryPin", "trackingToken");
        List<Map<String, Object>> rest = offers.subList(2, offers.size());
        assertThat(rest)
                .allSatisfy(offer ->
                        assertThat(offer).containsEntry("offerId", null).containsEntry("expiresAt", null));
        assertThat(rest)
                .extracting(offer -> offer.get("dispatchId"))
                .contains(manual.dispatchId.toString(), beforePolicies.dispatchId.toString())
                .doesNotContain(
                        sandboxManual.dispatchId.toString(),
                        othersOnly.dispatchId.toString(),
                        closed.dispatchId.toString(),
                        later.dispatchId.toString());
        assertThat(offers(rider.token(), 1))
                .extracting(offer -> offer.get("offerId"))
                .containsExactly(soonerOffer.toString());

        var sandboxRider = riders.createRider("Sim", "+254700000003", true);
        assertThat(offers(sandboxRider.token(), 200))
                .extracting(offer -> offer.get("dispatchId"))
                .contains(sandboxManual.dispatchId.toString())
                .doesNotContain(manual.dispatchId.toString());
    }

    @Test
    void live_decisions_count_in_the_metrics_and_events_of_the_past_do_not() {
        double made = offers("made");
        double assigned = meters.counter("dispatch.assigned").count();
        long timed = meters.timer("dispatch.time.to.assign").count();
        UUID rider = UUID.randomUUID();
        Instant now = Instant.now();
        DecisionLog live = new DecisionLog(UUID.randomUUID(), now, DecisionLog.policy("RANKED"), zone());
        UUID offer = live.offered(rider, now, now.plusSeconds(30));
        live.accepted(offer, rider, now.plusSeconds(4)).noRider(now.plusSeconds(5), "LIVE_TEST_REASON");
        DecisionLog past =
                new DecisionLog(UUID.randomUUID(), now.minus(Duration.ofDays(2)), DecisionLog.policy("RANKED"), zone());
        past.noRider(past.createdAt.plusSeconds(1), "PAST_TEST_REASON");
        publish(past, live);
        awaitProjected(jdbc, past, 1);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(offers("made")).isEqualTo(made + 1);
            assertThat(meters.counter("dispatch.assigned").count()).isEqualTo(assigned + 1);
            assertThat(meters.counter("dispatch.no.rider", "reason", "LIVE_TEST_REASON")
                            .count())
                    .isEqualTo(1);
        });
        Timer timer = meters.timer("dispatch.time.to.assign");
        assertThat(timer.count()).isEqualTo(timed + 1);
        assertThat(meters.find("dispatch.no.rider")
                        .tag("reason", "PAST_TEST_REASON")
                        .counter())
                .isNull();
    }

    private double offers(String outcome) {
        Counter counter = meters.find("dispatch.offers").tag("outcome", outcome).counter();
        return counter == null ? 0 : counter.count();
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> offers(String token, int limit) {
        Map<String, Object> body = client().get()
                .uri("/api/v1/rider/offers?limit=" + limit)
                .header("X-Rider-Token", token)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JSON)
                .returnResult()
                .getResponseBody();
        return (List<Map<String, Object>>) body.get("data");
    }
}
