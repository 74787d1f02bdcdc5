package io.dispatch.query.decision.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.query.decision.DecisionLog;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** GET /api/v1/admin/dispatches/:id/decisions, /dispatch/queue and /dispatch/stats: shapes, reasons, figures, errors. */
class AdminDispatchingRoutesTest extends DispatchingRoutesTest {

    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void a_deliverys_decisions_are_listed_in_order_with_their_policy_and_candidates() {
        UUID rider = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        DecisionLog log = new DecisionLog(UUID.randomUUID(), NOW, DecisionLog.policy("RANKED"), zone());
        UUID offer = log.offered(rider, NOW.plusSeconds(1), NOW.plusSeconds(31));
        log.declined(offer, rider, NOW.plusSeconds(5), "too far")
                .noRider(NOW.plusSeconds(6), "ALL_DECLINED", rider, other);
        publish(log);

        List<Map<String, Object>> decisions =
                data(admin("/api/v1/admin/dispatches/" + log.dispatchId + "/decisions", 200));

        assertThat(decisions).extracting(entry -> entry.get("type")).containsExactly("OFFERED", "DECLINED", "NO_RIDER");
        assertThat(decisions.get(0))
                .containsOnlyKeys(
                        "sequence", "type", "occurredAt", "riderId", "offerId", "reason", "policy", "candidates")
                .containsEntry("sequence", 1)
                .containsEntry("riderId", rider.toString())
                .containsEntry("offerId", offer.toString())
                .containsEntry("reason", DecisionLog.RULE)
                .containsEntry("policy", Map.of("zoneId", "nairobi-cbd", "mode", "RANKED", "version", 3));
        assertThat(Instant.parse((String) decisions.get(0).get("occurredAt"))).isEqualTo(NOW.plusSeconds(1));
        assertThat(decisions.get(0).get("candidates"))
                .isEqualTo(List.of(Map.of(
                        "riderId",
                        rider.toString(),
                        "etaToPickupSeconds",
                        120,
                        "distanceMeters",
                        800,
                        "activeCount",
                        0,
                        "rank",
                        1)));
        assertThat(decisions.get(1)).containsEntry("reason", "too far").containsEntry("candidates", List.of());
        assertThat(decisions.get(2))
                .containsEntry("riderId", null)
                .containsEntry("offerId", null)
                .containsEntry("reason", "ALL_DECLINED");
    }

    @Test
    void decisions_of_an_unknown_or_malformed_delivery_are_not_found_and_need_the_operator_token() {
        assertThat(admin("/api/v1/admin/dispatches/" + UUID.randomUUID() + "/decisions", 404))
                .extracting(body -> ((Map<?, ?>) body.get("error")).get("code"))
                .isEqualTo("NOT_FOUND");
        admin("/api/v1/admin/dispatches/not-a-uuid/decisions", 404);
        client().get()
                .uri("/api/v1/admin/dispatches/" + UUID.randomUUID() + "/decisions")
                .exchange()
                .expectStatus()
                .isUnauthorized();
    }

    @Test
    void the_queue_lists_new_deliveries_nobody_holds_oldest_first_with_why_each_waits() {
        String zone = zone();
        UUID rider = UUID.randomUUID();
        DecisionLog manual =
                new DecisionLog(UUID.randomUUID(), NOW.minusSeconds(600), DecisionLog.policy("MANUAL"), zone);
        DecisionLog notYet =
                new DecisionLog(UUID.randomUUID(), NOW.minusSeconds(500), DecisionLog.policy("RANKED"), zone);
        DecisionLog open =
                new DecisionLog(UUID.randomUUID(), NOW.minusSeconds(400), DecisionLog.policy("RANKED"), zone);
        open.offered(rider, NOW.minusSeconds(399), NOW.plusSeconds(600));
        DecisionLog noneNear =
                new DecisionLog(UUID.randomUUID(), NOW.minusSeconds(300), DecisionLog.policy("AUTO_ASSIGN"), zone);
        noneNear.noRider(NOW.minusSeconds(299), "NO_RIDER_IN_RADIUS");
        DecisionLog exhausted =
                new DecisionLog(UUID.randomUUID(), NOW.minusSeconds(200), DecisionLog.policy("RANKED"), zone);
        UUID expired = exhausted.offered(rider, NOW.minusSeconds(199), NOW.minusSeconds(169));
        exhausted
                .expired(expired, rider, NOW.minusSeconds(169))
                .noRider(NOW.minusSeconds(169), "OFFERS_EXHAUSTED", rider);
        DecisionLog retried =
                new DecisionLog(UUID.randomUUID(), NOW.minusSeconds(150), DecisionLog.policy("RANKED"), zone);
        retried.noRider(NOW.minusSeconds(149), "NO_RIDER_IN_RADIUS")
                .offered(rider, NOW.minusSeconds(100), NOW.plusSeconds(600));
        DecisionLog held =
                new DecisionLog(UUID.randomUUID(), NOW.minusSeconds(700), DecisionLog.policy("MANUAL"), zone);
        held.assigned(rider, NOW.minusSeconds(650), operator());
        publish(manual, notYet, open, noneNear, exhausted, retried, held);

        List<Map<String, Object>> queue = data(admin("/api/v1/admin/dispatch/queue?zoneId=" + zone, 200));

        assertThat(queue)
                .extracting(
                        entry -> entry.get("dispatchId") + ":" + entry.get("reason") + ":" + entry.get("offersMade"))
                .containsExactly(
                        manual.dispatchId + ":MANUAL:0",
                        notYet.dispatchId + ":WAITING_FOR_OFFER:0",
                        open.dispatchId + ":WAITING_FOR_OFFER:1",
                        noneNear.dispatchId + ":NO_RIDER_IN_RADIUS:0",
                        exhausted.dispatchId + ":OFFERS_EXHAUSTED:1",
                        retried.dispatchId + ":WAITING_FOR_OFFER:1");
        assertThat(queue.get(0))
                .containsOnlyKeys(
                        "dispatchId", "merchantId", "zoneId", "createdAt", "waitingSeconds", "offersMade", "reason")
                .containsEntry("merchantId", manual.merchantId.toString())
                .containsEntry("zoneId", zone);
        assertThat(((Number) queue.get(0).get("waitingSeconds")).longValue()).isBetween(600L, 700L);
        assertThat(data(admin("/api/v1/admin/dispatch/queue?limit=2&zoneId=" + zone, 200)))
                .hasSize(2);
        assertThat(fieldErrors(admin("/api/v1/admin/dispatch/queue?limit=0", 422)))
                .containsKey("limit");
        assertThat(fieldErrors(admin("/api/v1/admin/dispatch/queue?sandbox=maybe", 422)))
                .containsKey("sandbox");
    }

    @Test
    void the_figures_count_the_deliveries_created_in_the_period_as_documented() {
        String zone = zone();
        Instant start = NOW.minusSeconds(3600);
        List<DecisionLog> deliveries = new ArrayList<>();
        long[] waits = {30, 90, 240};
        for (int i = 0; i < waits.length; i++) {
            UUID rider = UUID.randomUUID();
            DecisionLog log =
                    new DecisionLog(UUID.randomUUID(), start.plusSeconds(i), DecisionLog.policy("RANKED"), zone);
            UUID expired = log.offered(UUID.randomUUID(), log.createdAt.plusSeconds(1), log.createdAt.plusSeconds(20));
            log.expired(expired, UUID.randomUUID(), log.createdAt.plusSeconds(20));
            UUID accepted = log.offered(rider, log.createdAt.plusSeconds(21), log.createdAt.plusSeconds(waits[i] + 5));
            log.accepted(accepted, rider, log.createdAt.plusSeconds(waits[i]));
            // picked up 20 minutes after creation (target 30): on time; delivered after 50 or 70 (target 60)
            log.add(new DispatchPickedUp(
                    log.dispatchId, log.merchantId, log.createdAt.plusSeconds(1200), operator(), rider));
            log.add(new DispatchDelivered(
                    log.dispatchId,
                    log.merchantId,
                    log.createdAt.plusSeconds(i == 0 ? 4200 : 3000),
                    operator(),
                    rider,
                    new ProofOfDelivery(ProofOfDelivery.ProofType.PIN, "Amina", log.createdAt, null, null)));
            deliveries.add(log);
        }
        DecisionLog nobody =
                new DecisionLog(UUID.randomUUID(), start.plusSeconds(10), DecisionLog.policy("RANKED"), zone);
        UUID declined = nobody.offered(UUID.randomUUID(), start.plusSeconds(11), start.plusSeconds(41));
        nobody.declined(declined, UUID.randomUUID(), start.plusSeconds(12), null)
                .noRider(start.plusSeconds(13), "ALL_DECLINED");
        DecisionLog before =
                new DecisionLog(UUID.randomUUID(), start.minusSeconds(1), DecisionLog.policy("RANKED"), zone);
        publish(deliveries.toArray(DecisionLog[]::new));
        publish(nobody, before);

        Map<String, Object> stats = stats("?zoneId=" + zone + "&from=" + start + "&to=" + NOW);

        // continuous percentiles of the waits, as percentile_cont interpolates them
        assertThat(stats)
                .containsEntry("created", 4)
                .containsEntry("assigned", 3)
                .containsEntry(
                        "timeToAssignSeconds",
                        Map.of(
                                "p50",
                                percentile(waits, 0.5),
                                "p90",
                                percentile(waits, 0.9),
                                "p99",
                                percentile(waits, 0.99)))
                .containsEntry("offers", Map.of("made", 7, "accepted", 3, "declined", 1, "expired", 3))
                .containsEntry("acceptanceRate", 3.0 / 7)
                .containsEntry("noRider", 1)
                .containsEntry("pickupOnTimeShare", 1.0)
                .containsEntry("deliveryOnTimeShare", 2.0 / 3);
        assertThat(stats("?zoneId=" + zone + "&from=" + start.minusSeconds(1) + "&to=" + start))
                .containsEntry("created", 1);
        Map<String, Object> none = stats("?zoneId=" + zone() + "&from=" + start + "&to=" + NOW);
        assertThat(none)
                .containsEntry("created", 0)
                .containsEntry("acceptanceRate", null)
                .containsEntry("deliveryOnTimeShare", null);
        assertThat(fieldErrors(admin("/api/v1/admin/dispatch/stats?from=yesterday", 422)))
                .containsOnlyKeys("from");
        assertThat(fieldErrors(admin("/api/v1/admin/dispatch/stats?from=" + NOW + "&to=" + start, 422)))
                .containsOnlyKeys("to");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> stats(String query) {
        return (Map<String, Object>)
                admin("/api/v1/admin/dispatch/stats" + query, 200).get("data");
    }

    /** Linear interpolation between the two nearest of the sorted values, as percentile_cont. */
    private static double percentile(long[] sorted, double fraction) {
        double position = fraction * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = (int) Math.ceil(position);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }
}
