package io.dispatch.engine.intake;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.policy.core.Fact;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.OfferOutcome;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What the engine learns from a delivery's events (ADR 0040). */
class EventFactsTest {

    private static final UUID DISPATCH = UUID.fromString("0b8f6d7e-2a4c-4c1e-9f3a-1d2e3f4a5b6c");
    private static final UUID MERCHANT = UUID.fromString("6a1f0c4e-7d2b-4e8a-b1c3-9d8e7f6a5b4c");
    private static final UUID RIDER = UUID.fromString("11111111-2222-4333-8444-555555555555");
    private static final UUID OFFER = UUID.fromString("aaaaaaaa-0000-4000-8000-000000000001");
    private static final Instant AT = Instant.parse("2026-11-27T10:00:00Z");
    private static final Policy RANKED_V3 = new Policy(
            "nairobi-cbd",
            Mode.RANKED,
            java.time.Duration.ofSeconds(30),
            5,
            5000,
            io.dispatch.policy.core.Fallback.OPERATOR_QUEUE,
            3);

    private final EventFacts facts =
            new EventFacts(merchant -> merchant.equals(MERCHANT), (zone, version) -> RANKED_V3);

    @Test
    void a_creation_opens_the_delivery_under_the_policy_version_it_recorded_on_its_side_of_the_sandbox_line() {
        List<Fact> opened = facts.of(envelope(0, created(new DecisionPolicy("nairobi-cbd", "RANKED", 3))));

        assertThat(opened)
                .containsExactly(new Fact.DeliveryOpened(
                        DISPATCH,
                        AT,
                        "nairobi-cbd",
                        new Point(-1.2841, 36.8155),
                        null,
                        true,
                        RANKED_V3,
                        new Point(-1.3001, 36.7833),
                        null));
    }

    @Test
    void a_plan_becomes_the_planned_fact_with_its_place_on_the_route() {
        java.time.Instant pickupAt = AT.plusSeconds(600);
        java.time.Instant deliveryAt = AT.plusSeconds(1500);
        List<Fact> planned = facts.of(envelope(
                3,
                new io.dispatch.events.DeliveryPlanned(
                        DISPATCH,
                        MERCHANT,
                        AT,
                        io.dispatch.events.Actor.engine(),
                        RIDER,
                        pickupAt,
                        deliveryAt,
                        "INSERTED",
                        1,
                        3,
                        4,
                        240,
                        null,
                        List.of())));

        assertThat(planned)
                .containsExactly(new Fact.Planned(
                        DISPATCH,
                        RIDER,
                        new io.dispatch.policy.core.PlanSpot(pickupAt, deliveryAt, "INSERTED", 1, 3, 4, 240),
                        AT));
    }

    @Test
    void a_creation_from_before_policies_follows_the_default_manual() {
        Fact.DeliveryOpened opened =
                (Fact.DeliveryOpened) facts.of(envelope(0, created(null))).getFirst();

        assertThat(opened.policy()).isEqualTo(Policy.defaults(Policy.DEFAULT_ZONE));
    }

    @Test
    void a_withdrawal_because_the_delivery_ends_ends_it_first_and_an_operators_assign_says_so() {
        List<Fact> cancelled = facts.of(envelope(
                2,
                new OfferWithdrawn(
                        DISPATCH, MERCHANT, AT, Actor.merchant(MERCHANT), OFFER, RIDER, OfferWithdrawn.CANCELLED)));
        List<Fact> assigned =
                facts.of(envelope(3, new RiderAssigned(DISPATCH, MERCHANT, AT, Actor.operator("ops"), RIDER, null)));

        assertThat(cancelled)
                .containsExactly(
                        new Fact.Ended(DISPATCH, AT),
                        new Fact.OfferEnded(DISPATCH, OFFER, RIDER, OfferOutcome.WITHDRAWN, AT));
        assertThat(assigned).containsExactly(new Fact.Assigned(DISPATCH, RIDER, true, AT));
    }

    private static EventEnvelope envelope(long sequence, io.dispatch.events.DispatchEvent event) {
        return EventEnvelope.of(UUID.nameUUIDFromBytes(("e" + sequence).getBytes()), sequence, event);
    }

    private static DispatchCreated created(DecisionPolicy policy) {
        return new DispatchCreated(
                DISPATCH,
                MERCHANT,
                AT,
                Actor.merchant(MERCHANT),
                new DispatchOrder(
                        null,
                        "Amina",
                        "+254700000001",
                        new Stop("Kenyatta Ave 1", -1.2841, 36.8155, null),
                        new Stop("Ngong Rd 12", -1.3001, 36.7833, null),
                        PaymentType.PREPAID,
                        0,
                        "KES",
                        null,
                        null),
                25000,
                null,
                null,
                "nairobi-cbd",
                Source.API,
                "tok",
                "4821",
                policy);
    }
}
