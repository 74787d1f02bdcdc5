package io.dispatch.query.decision.projection;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.query.QueryServiceContext;
import io.dispatch.query.decision.DecisionLog;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The decisions projection against a real PostgreSQL: each decision event folded into the
 * decisions, offers and dispatching tables, and every event applied twice leaves them the same.
 */
class DecisionProjectionTest extends QueryServiceContext {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00.000Z");

    @Autowired
    DecisionProjection projection;

    @Autowired
    JdbcTemplate jdbc;

    private long offset;

    @Test
    void a_ranked_delivery_offered_three_times_and_delivered_leaves_each_offer_with_its_outcome() {
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        UUID third = UUID.randomUUID();
        DecisionLog log = new DecisionLog(UUID.randomUUID(), T0, DecisionLog.policy("RANKED"), "nairobi-cbd");
        UUID expired = log.offered(first, T0.plusSeconds(10), T0.plusSeconds(40));
        log.expired(expired, first, T0.plusSeconds(40));
        UUID declined = log.offered(second, T0.plusSeconds(41), T0.plusSeconds(71));
        log.declined(declined, second, T0.plusSeconds(50), "too far");
        UUID accepted = log.offered(third, T0.plusSeconds(51), T0.plusSeconds(81));
        log.accepted(accepted, third, T0.plusSeconds(60))
                .add(new RiderLocationUpdated(
                        log.dispatchId,
                        log.merchantId,
                        T0.plusSeconds(70),
                        Actor.rider(third),
                        third,
                        -1.28,
                        36.8,
                        T0.plusSeconds(70)))
                .add(new DispatchPickedUp(
                        log.dispatchId, log.merchantId, T0.plusSeconds(600), Actor.rider(third), third))
                .add(new DispatchDeparted(
                        log.dispatchId, log.merchantId, T0.plusSeconds(610), Actor.rider(third), third))
                .add(new DispatchDelivered(
                        log.dispatchId,
                        log.merchantId,
                        T0.plusSeconds(4000),
                        Actor.rider(third),
                        third,
                        new ProofOfDelivery(ProofOfDelivery.ProofType.PIN, "Amina", T0.plusSeconds(4000), null, null)));

        applyTwice(log.events());

        assertThat(decisions(log.dispatchId))
                .extracting(row -> row.get("type") + ":" + row.get("rider_id") + ":" + row.get("offer_id") + ":"
                        + row.get("reason"))
                .containsExactly(
                        "OFFERED:" + first + ":" + expired + ":" + DecisionLog.RULE,
                        "EXPIRED:" + first + ":" + expired + ":null",
                        "OFFERED:" + second + ":" + declined + ":" + DecisionLog.RULE,
                        "DECLINED:" + second + ":" + declined + ":too far",
                        "OFFERED:" + third + ":" + accepted + ":" + DecisionLog.RULE,
                        "ACCEPTED:" + third + ":" + accepted + ":null");
        assertThat(jdbc.queryForObject(
                        "select policy::text from query.dispatch_decisions where dispatch_id = ? and sequence = 2",
                        String.class,
                        log.dispatchId))
                .as("an answer is shown under the policy of the offer it answers")
                .contains("\"mode\": \"RANKED\"", "\"version\": 3", "\"zoneId\": \"nairobi-cbd\"");
        assertThat(jdbc.queryForObject(
                        "select candidates::text from query.dispatch_decisions where dispatch_id = ? and sequence = 1",
                        String.class,
                        log.dispatchId))
                .contains(first.toString(), "\"etaToPickupSeconds\": 120", "\"distanceMeters\": 800", "\"rank\": 1");
        assertThat(offerStatuses(log.dispatchId))
                .containsEntry(expired, "EXPIRED")
                .containsEntry(declined, "DECLINED")
                .containsEntry(accepted, "ACCEPTED");
        Map<String, Object> state = state(log.dispatchId);
        assertThat(state)
                .containsEntry("status", "DELIVERED")
                .containsEntry("offers_made", 3)
                .containsEntry("policy_mode", "RANKED")
                .containsEntry("policy_version", 3L)
                .containsEntry("zone_id", "nairobi-cbd")
                .containsEntry("first_assigned_at", Timestamp.from(T0.plusSeconds(60)))
                .containsEntry("picked_up_at", Timestamp.from(T0.plusSeconds(600)))
                .containsEntry("delivered_at", Timestamp.from(T0.plusSeconds(4000)))
                .containsEntry("last_sequence", 11L);
    }

    @Test
    void a_broadcast_taken_by_one_rider_marks_the_others_offers_taken() {
        UUID winner = UUID.randomUUID();
        UUID loser = UUID.randomUUID();
        DecisionLog log = new DecisionLog(UUID.randomUUID(), T0, DecisionLog.policy("BROADCAST"), "nairobi-cbd");
        UUID lost = log.offered(loser, T0.plusSeconds(1), T0.plusSeconds(31));
        UUID won = log.offered(winner, T0.plusSeconds(1), T0.plusSeconds(31));
        log.add(new io.dispatch.events.OfferAccepted(
                log.dispatchId, log.merchantId, T0.plusSeconds(5), Actor.rider(winner), won, winner));
        log.withdrawn(lost, loser, T0.plusSeconds(5), OfferWithdrawn.TAKEN);
        log.assigned(winner, T0.plusSeconds(5), Actor.rider(winner));

        applyTwice(log.events());

        assertThat(offerStatuses(log.dispatchId)).containsEntry(lost, "TAKEN").containsEntry(won, "ACCEPTED");
        assertThat(decisions(log.dispatchId))
                .extracting(row -> row.get("type") + ":" + row.get("reason"))
                .endsWith("WITHDRAWN:TAKEN");
        assertThat(state(log.dispatchId)).containsEntry("status", "ASSIGNED").containsEntry("offers_made", 2);
    }

    @Test
    void an_operators_assign_withdraws_the_open_offer_which_shows_as_withdrawn() {
        UUID offered = UUID.randomUUID();
        UUID chosen = UUID.randomUUID();
        DecisionLog log = new DecisionLog(UUID.randomUUID(), T0, DecisionLog.policy("RANKED"), "nairobi-cbd");
        UUID offer = log.offered(offered, T0.plusSeconds(1), T0.plusSeconds(31));
        log.withdrawn(offer, offered, T0.plusSeconds(9), OfferWithdrawn.OPERATOR_ASSIGNED)
                .assigned(chosen, T0.plusSeconds(9), Actor.operator("ops"));

        applyTwice(log.events());

        assertThat(offerStatuses(log.dispatchId)).containsEntry(offer, "WITHDRAWN");
        assertThat(decisions(log.dispatchId))
                .extracting(row -> row.get("type") + ":" + row.get("reason"))
                .containsExactly("OFFERED:" + DecisionLog.RULE, "WITHDRAWN:OPERATOR_ASSIGNED");
        assertThat(state(log.dispatchId))
                .containsEntry("status", "ASSIGNED")
                .containsEntry("first_assigned_at", Timestamp.from(T0.plusSeconds(9)));
    }

    @Test
    void an_automatic_assignment_given_back_is_a_decline_and_nobody_left_puts_the_reason_on_the_queue() {
        UUID rider = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        DecisionLog log = new DecisionLog(UUID.randomUUID(), T0, DecisionLog.policy("AUTO_ASSIGN"), "nairobi-cbd");
        log.autoAssigned(rider, T0.plusSeconds(2), rider, other)
                .unassigned(rider, T0.plusSeconds(30), "flat tyre")
                .noRider(T0.plusSeconds(31), "ALL_DECLINED", other);

        applyTwice(log.events());

        assertThat(decisions(log.dispatchId))
                .extracting(row -> row.get("type") + ":" + row.get("rider_id") + ":" + row.get("offer_id") + ":"
                        + row.get("reason"))
                .containsExactly(
                        "AUTO_ASSIGNED:" + rider + ":null:" + DecisionLog.RULE,
                        "DECLINED:" + rider + ":null:flat tyre",
                        "NO_RIDER:null:null:ALL_DECLINED");
        assertThat(state(log.dispatchId))
                .containsEntry("status", "NEW")
                .containsEntry("last_reason", "ALL_DECLINED")
                .containsEntry("no_rider_at", Timestamp.from(T0.plusSeconds(31)))
                .containsEntry("first_assigned_at", Timestamp.from(T0.plusSeconds(2)))
                .containsEntry("offers_made", 0);
        assertThat(offerStatuses(log.dispatchId)).isEmpty();
    }

    @Test
    void a_delivery_created_before_policies_follows_the_default_manual_policy_at_version_zero() {
        DecisionLog log = new DecisionLog(UUID.randomUUID(), T0, null, null);

        applyTwice(log.events());

        assertThat(state(log.dispatchId))
                .containsEntry("policy_zone_id", "default")
                .containsEntry("policy_mode", "MANUAL")
                .containsEntry("policy_version", 0L)
                .containsEntry("status", "NEW")
                .containsEntry("sandbox", false);
        assertThat(decisions(log.dispatchId)).isEmpty();
    }

    @Test
    void an_older_decision_arriving_after_a_newer_one_changes_nothing() {
        UUID rider = UUID.randomUUID();
        DecisionLog log = new DecisionLog(UUID.randomUUID(), T0, DecisionLog.policy("RANKED"), "nairobi-cbd");
        UUID offer = log.offered(rider, T0.plusSeconds(1), T0.plusSeconds(31));
        log.expired(offer, rider, T0.plusSeconds(31));
        List<EventEnvelope> events = log.events();
        apply(events);
        Map<String, Object> before = snapshot(log.dispatchId);

        projection.apply(events.get(1), 4, offset++);

        assertThat(snapshot(log.dispatchId)).isEqualTo(before);
        assertThat(offerStatuses(log.dispatchId)).containsEntry(offer, "EXPIRED");
    }

    private void applyTwice(List<EventEnvelope> events) {
        apply(events);
        Map<String, Object> once = snapshot(events.get(0).dispatchId());
        apply(events);
        assertThat(snapshot(events.get(0).dispatchId())).as("applied twice").isEqualTo(once);
    }

    private void apply(List<EventEnvelope> events) {
        for (EventEnvelope event : events) {
            projection.apply(event, 4, offset++);
        }
    }

    private Map<String, Object> snapshot(UUID id) {
        return Map.of(
                "state",
                        jdbc.queryForList("select * from query.dispatching where dispatch_id = ?", id)
                                .toString(),
                "decisions", decisions(id).toString(),
                "offers",
                        jdbc.queryForList(
                                        "select * from query.dispatch_offers where dispatch_id = ? order by offer_id",
                                        id)
                                .toString());
    }

    private List<Map<String, Object>> decisions(UUID id) {
        return jdbc.queryForList("select * from query.dispatch_decisions where dispatch_id = ? order by sequence", id);
    }

    private Map<UUID, String> offerStatuses(UUID id) {
        Map<UUID, String> statuses = new java.util.HashMap<>();
        jdbc.query(
                "select offer_id, status from query.dispatch_offers where dispatch_id = ?",
                row -> {
                    statuses.put(row.getObject(1, UUID.class), row.getString(2));
                },
                id);
        return statuses;
    }

    private Map<String, Object> state(UUID id) {
        return jdbc.queryForMap("select * from query.dispatching where dispatch_id = ?", id);
    }
}
