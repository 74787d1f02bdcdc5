package io.dispatch.command.dispatch.domain;

import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchCommands.CancelDispatch;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotAutomaticallyAssigned;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OfferClosed;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OfferNotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OffersOnly;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAtCapacity;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderExcluded;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.TransitionNotAllowed;
import io.dispatch.command.dispatch.domain.OfferCommands.AcceptOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.AssignAutomatically;
import io.dispatch.command.dispatch.domain.OfferCommands.DeclineOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.ExpireOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.GiveBack;
import io.dispatch.command.dispatch.domain.OfferCommands.NoteNoRider;
import io.dispatch.command.dispatch.domain.OfferCommands.OfferToRider;
import io.dispatch.command.dispatch.domain.OfferCommands.WithdrawOffer;
import io.dispatch.events.Actor;
import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of offers (decisions.md §14): exactly one rider ever holds the delivery, whoever asks. */
class DispatchOffersTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    static final UUID ID = UUID.fromString("0b8f6d7e-2a4c-4c1e-9f3a-1d2e3f4a5b6c");
    static final UUID MERCHANT = UUID.fromString("6a1f0c4e-7d2b-4e8a-b1c3-9d8e7f6a5b4c");
    private static final UUID AMINA = UUID.fromString("11111111-2222-4333-8444-555555555555");
    private static final UUID BARAKA = UUID.fromString("99999999-8888-4777-8666-555555555555");
    private static final UUID FULL_RIDER = UUID.fromString("77777777-8888-4777-8666-555555555555");
    private static final UUID OFFER_A = UUID.fromString("aaaaaaaa-0000-4000-8000-000000000001");
    private static final UUID OFFER_B = UUID.fromString("bbbbbbbb-0000-4000-8000-000000000002");
    private static final DecisionPolicy RANKED = new DecisionPolicy("nairobi-cbd", "RANKED", 2);
    private static final DecisionPolicy MANUAL = new DecisionPolicy("default", "MANUAL", 0);
    private static final List<DecisionCandidate> CANDIDATES = List.of(new DecisionCandidate(AMINA, 120, 600, 0, 1));
    private static final Instant EXPIRES = NOW.plusSeconds(30);
    private static final Actor ENGINE = Actor.engine();

    private FixtureConfiguration<Dispatch> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Dispatch.class);
        fixture.registerInjectableResource(Clock.fixed(NOW, ZoneOffset.UTC));
        fixture.registerInjectableResource((SandboxLine) (merchant, rider) -> true);
        fixture.registerInjectableResource((RiderCapacity) rider -> !rider.equals(FULL_RIDER));
    }

    @Test
    void the_engine_offers_a_new_delivery_to_one_rider_with_the_inputs_of_its_decision() {
        fixture.given(created(RANKED))
                .when(offer(OFFER_A, AMINA))
                .expectSuccessfulHandlerExecution()
                .expectEvents(offered(OFFER_A, AMINA));
    }

    @Test
    void the_same_offer_made_twice_is_recorded_once() {
        fixture.given(created(RANKED), offered(OFFER_A, AMINA))
                .when(offer(OFFER_A, AMINA))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void accepting_an_open_offer_assigns_the_rider_and_withdraws_the_other_offers_as_taken() {
        fixture.given(created(RANKED), offered(OFFER_A, AMINA), offered(OFFER_B, BARAKA))
                .when(new AcceptOffer(ID, OFFER_A, AMINA))
                .expectEvents(
                        new OfferAccepted(ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_A, AMINA),
                        new OfferWithdrawn(
                                ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_B, BARAKA, OfferWithdrawn.TAKEN),
                        new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, null));
    }

    @Test
    void the_second_of_two_accepts_finds_its_offer_taken() {
        fixture.given(
                        created(RANKED),
                        offered(OFFER_A, AMINA),
                        offered(OFFER_B, BARAKA),
                        new OfferAccepted(ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_A, AMINA),
                        new OfferWithdrawn(
                                ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_B, BARAKA, OfferWithdrawn.TAKEN),
                        new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, null))
                .when(new AcceptOffer(ID, OFFER_B, BARAKA))
                .expectException(OfferClosed.class)
                .expectNoEvents();
    }

    @Test
    void an_offer_past_its_expiry_cannot_be_accepted_even_before_the_engine_closes_it() {
        fixture.given(created(RANKED), offeredUntil(OFFER_A, AMINA, NOW.minusSeconds(1)))
                .when(new AcceptOffer(ID, OFFER_A, AMINA))
                .expectException(OfferClosed.class)
                .expectNoEvents();
    }

    @Test
    void an_expired_offer_answers_expired_and_an_expiry_after_an_accept_changes_nothing() {
        fixture.given(
                        created(RANKED),
                        offered(OFFER_A, AMINA),
                        new OfferExpired(ID, MERCHANT, NOW, ENGINE, OFFER_A, AMINA))
                .when(new AcceptOffer(ID, OFFER_A, AMINA))
                .expectException(OfferClosed.class);
        fixture.given(
                        created(RANKED),
                        offered(OFFER_A, AMINA),
                        new OfferAccepted(ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_A, AMINA),
                        new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, null))
                .when(new ExpireOffer(ID, OFFER_A))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void another_riders_offer_is_not_found() {
        fixture.given(created(RANKED), offered(OFFER_A, AMINA))
                .when(new AcceptOffer(ID, OFFER_A, BARAKA))
                .expectException(OfferNotFound.class);
    }

    @Test
    void a_rider_at_capacity_cannot_accept() {
        fixture.given(created(RANKED), offered(OFFER_A, FULL_RIDER))
                .when(new AcceptOffer(ID, OFFER_A, FULL_RIDER))
                .expectException(RiderAtCapacity.class)
                .expectNoEvents();
    }

    @Test
    void a_declining_rider_is_never_offered_the_delivery_again() {
        fixture.given(
                        created(RANKED),
                        offered(OFFER_A, AMINA),
                        new OfferDeclined(ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_A, AMINA, "too far"))
                .when(offer(OFFER_B, AMINA))
                .expectException(RiderExcluded.class);
    }

    @Test
    void declining_records_the_reason() {
        fixture.given(created(RANKED), offered(OFFER_A, AMINA))
                .when(new DeclineOffer(ID, OFFER_A, AMINA, "flat tyre"))
                .expectEvents(new OfferDeclined(ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_A, AMINA, "flat tyre"));
    }

    @Test
    void an_operators_assign_wins_and_withdraws_every_open_offer_first() {
        fixture.given(created(RANKED), offered(OFFER_A, AMINA))
                .when(new AssignRider(ID, BARAKA, Actor.operator("ops-amina")))
                .expectEvents(
                        new OfferWithdrawn(
                                ID,
                                MERCHANT,
                                NOW,
                                Actor.operator("ops-amina"),
                                OFFER_A,
                                AMINA,
                                OfferWithdrawn.OPERATOR_ASSIGNED),
                        new RiderAssigned(ID, MERCHANT, NOW, Actor.operator("ops-amina"), BARAKA, null));
    }

    @Test
    void outside_manual_mode_a_rider_takes_a_delivery_only_with_an_open_offer() {
        fixture.given(created(RANKED))
                .when(new AssignRider(ID, AMINA, Actor.rider(AMINA)))
                .expectException(OffersOnly.class);
        fixture.given(created(RANKED), offered(OFFER_A, AMINA))
                .when(new AssignRider(ID, AMINA, Actor.rider(AMINA)))
                .expectEvents(
                        new OfferAccepted(ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_A, AMINA),
                        new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, null));
    }

    @Test
    void in_manual_mode_and_before_policies_a_rider_takes_a_new_delivery_from_the_list() {
        fixture.given(created(MANUAL))
                .when(new AssignRider(ID, AMINA, Actor.rider(AMINA)))
                .expectEvents(new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, null));
        fixture.given(created(null))
                .when(new AssignRider(ID, AMINA, Actor.rider(AMINA)))
                .expectEvents(new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, null));
    }

    @Test
    void an_automatic_assignment_records_the_decision_then_the_assignment_and_a_repeat_changes_nothing() {
        DecisionPolicy auto = new DecisionPolicy("nairobi-cbd", "AUTO_ASSIGN", 1);
        RiderAutoAssigned decided = new RiderAutoAssigned(ID, MERCHANT, NOW, ENGINE, AMINA, auto, CANDIDATES, "best");
        RiderAssigned assigned = new RiderAssigned(ID, MERCHANT, NOW, ENGINE, AMINA, null);
        fixture.given(created(auto))
                .when(new AssignAutomatically(ID, AMINA, auto, CANDIDATES, "best"))
                .expectEvents(decided, assigned);
        fixture.given(created(auto), decided, assigned)
                .when(new AssignAutomatically(ID, AMINA, auto, CANDIDATES, "best"))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void the_automatically_assigned_rider_may_give_it_back_and_is_then_excluded() {
        DecisionPolicy auto = new DecisionPolicy("nairobi-cbd", "AUTO_ASSIGN", 1);
        fixture.given(
                        created(auto),
                        new RiderAutoAssigned(ID, MERCHANT, NOW, ENGINE, AMINA, auto, CANDIDATES, "best"),
                        new RiderAssigned(ID, MERCHANT, NOW, ENGINE, AMINA, null))
                .when(new GiveBack(ID, AMINA, "bike broke"))
                .expectEvents(new RiderUnassigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, "bike broke"));
        fixture.given(
                        created(auto),
                        new RiderAutoAssigned(ID, MERCHANT, NOW, ENGINE, AMINA, auto, CANDIDATES, "best"),
                        new RiderAssigned(ID, MERCHANT, NOW, ENGINE, AMINA, null),
                        new RiderUnassigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, "bike broke"))
                .when(new AssignAutomatically(ID, AMINA, auto, CANDIDATES, "best"))
                .expectException(RiderExcluded.class);
    }

    @Test
    void a_rider_who_took_the_delivery_from_an_offer_cannot_give_it_back() {
        fixture.given(
                        created(RANKED),
                        offered(OFFER_A, AMINA),
                        new OfferAccepted(ID, MERCHANT, NOW, Actor.rider(AMINA), OFFER_A, AMINA),
                        new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA, null))
                .when(new GiveBack(ID, AMINA, null))
                .expectException(NotAutomaticallyAssigned.class);
    }

    @Test
    void nobody_eligible_is_said_once_per_reason() {
        NoRiderFound none = new NoRiderFound(ID, MERCHANT, NOW, ENGINE, "NO_RIDER_IN_RADIUS", RANKED, List.of());
        fixture.given(created(RANKED))
                .when(new NoteNoRider(ID, "NO_RIDER_IN_RADIUS", RANKED, List.of()))
                .expectEvents(none);
        fixture.given(created(RANKED), none)
                .when(new NoteNoRider(ID, "NO_RIDER_IN_RADIUS", RANKED, List.of()))
                .expectNoEvents();
    }

    @Test
    void cancelling_withdraws_the_open_offers_before_the_cancellation() {
        fixture.given(created(RANKED), offered(OFFER_A, AMINA))
                .when(new CancelDispatch(ID, MERCHANT, "changed my mind"))
                .expectEvents(
                        new OfferWithdrawn(
                                ID, MERCHANT, NOW, Actor.merchant(MERCHANT), OFFER_A, AMINA, OfferWithdrawn.CANCELLED),
                        new DispatchCancelled(ID, MERCHANT, NOW, Actor.merchant(MERCHANT), "changed my mind"));
    }

    @Test
    void the_engine_withdraws_an_open_offer_for_its_reason_and_cannot_offer_an_assigned_delivery() {
        fixture.given(created(RANKED), offered(OFFER_A, AMINA))
                .when(new WithdrawOffer(ID, OFFER_A, "RIDER_OFF_SHIFT"))
                .expectEvents(new OfferWithdrawn(ID, MERCHANT, NOW, ENGINE, OFFER_A, AMINA, "RIDER_OFF_SHIFT"));
        fixture.given(created(RANKED), new RiderAssigned(ID, MERCHANT, NOW, Actor.operator("ops"), BARAKA, null))
                .when(offer(OFFER_A, AMINA))
                .expectException(TransitionNotAllowed.class);
    }

    private static OfferToRider offer(UUID offerId, UUID rider) {
        return new OfferToRider(ID, offerId, rider, EXPIRES, RANKED, CANDIDATES, "RANKED");
    }

    private static DispatchOffered offered(UUID offerId, UUID rider) {
        return offeredUntil(offerId, rider, EXPIRES);
    }

    private static DispatchOffered offeredUntil(UUID offerId, UUID rider, Instant expiresAt) {
        return new DispatchOffered(ID, MERCHANT, NOW, ENGINE, offerId, rider, expiresAt, RANKED, CANDIDATES, "RANKED");
    }

    /** A delivery created under {@code policy}, a minute before NOW (DispatchPlansTest uses it too). */
    static DispatchCreated created(DecisionPolicy policy) {
        return new DispatchCreated(
                ID,
                MERCHANT,
                NOW.minusSeconds(60),
                Actor.merchant(MERCHANT),
                new DispatchOrder(
                        "order-1",
                        "Amina",
                        "+254700000001",
                        new Stop("Kenyatta Ave 1, Nairobi", -1.2841, 36.8155, null),
                        new Stop("Ngong Rd 12, Nairobi", -1.3001, 36.7833, null),
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
