package io.dispatch.command.dispatch.domain;

import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotHeldByRider;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotMovable;
import io.dispatch.command.dispatch.domain.OfferCommands.AssignAutomatically;
import io.dispatch.command.dispatch.domain.PlanCommands.PlanDelivery;
import io.dispatch.command.dispatch.domain.PlanCommands.ReassignDelivery;
import io.dispatch.events.Actor;
import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The route planner's commands (decisions.md §15): plans, their estimates and the merchants' eta updates. */
class DispatchPlansTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final UUID ID = DispatchOffersTest.ID;
    private static final UUID MERCHANT = DispatchOffersTest.MERCHANT;
    private static final UUID AMINA = UUID.fromString("11111111-2222-4333-8444-555555555555");
    private static final UUID BARAKA = UUID.fromString("99999999-8888-4777-8666-555555555555");
    private static final DecisionPolicy BATCHED = new DecisionPolicy("nairobi-cbd", "BATCHED", 3);
    private static final List<DecisionCandidate> CANDIDATES = List.of(new DecisionCandidate(AMINA, 300, 1500, 1, 1));
    private static final Actor ENGINE = Actor.engine();

    private FixtureConfiguration<Dispatch> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Dispatch.class);
        fixture.registerInjectableResource(Clock.fixed(NOW, ZoneOffset.UTC));
        fixture.registerInjectableResource((SandboxLine) (merchant, rider) -> true);
        fixture.registerInjectableResource((RiderCapacity) rider -> true);
    }

    @Test
    void an_insertion_assigns_with_the_plan_between_the_decision_and_the_assignment() {
        PlannedStops plan = plan(DeliveryPlanned.INSERTED, 10, 30, 1, 2, 4);

        fixture.given(created())
                .when(new AssignAutomatically(ID, AMINA, BATCHED, CANDIDATES, "BATCHED: cheapest insertion", plan))
                .expectSuccessfulHandlerExecution()
                .expectEvents(
                        new RiderAutoAssigned(
                                ID, MERCHANT, NOW, ENGINE, AMINA, BATCHED, CANDIDATES, "BATCHED: cheapest insertion"),
                        planned(plan, AMINA),
                        new RiderAssigned(ID, MERCHANT, NOW, ENGINE, AMINA, null));
    }

    @Test
    void the_same_plan_again_changes_nothing() {
        PlannedStops plan = plan(DeliveryPlanned.INSERTED, 10, 30, 1, 2, 4);

        fixture.given(created(), assigned(), planned(plan, AMINA))
                .when(new PlanDelivery(ID, AMINA, plan, BATCHED, List.of()))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void a_move_of_five_minutes_or_less_is_planned_without_telling_the_merchant() {
        PlannedStops first = plan(DeliveryPlanned.INSERTED, 10, 30, 1, 2, 4);
        PlannedStops later = plan(DeliveryPlanned.REPLANNED, 13, 35, 3, 4, 4);

        fixture.given(created(), planned(first, AMINA), assigned())
                .when(new PlanDelivery(ID, AMINA, later, BATCHED, List.of()))
                .expectEvents(planned(later, AMINA));
    }

    @Test
    void a_move_of_more_than_five_minutes_from_what_the_merchant_was_told_sends_an_eta_update() {
        PlannedStops first = plan(DeliveryPlanned.INSERTED, 10, 30, 1, 2, 4);
        PlannedStops later = plan(DeliveryPlanned.REOPTIMIZED, 12, 41, 1, 4, 4);

        fixture.given(created(), planned(first, AMINA), assigned())
                .when(new PlanDelivery(ID, AMINA, later, BATCHED, List.of()))
                .expectEvents(
                        planned(later, AMINA),
                        new EtaUpdated(ID, MERCHANT, NOW, ENGINE, NOW.plusSeconds(12 * 60), NOW.plusSeconds(41 * 60)));
    }

    @Test
    void small_moves_add_up_against_what_the_merchant_was_told_not_against_the_last_plan() {
        PlannedStops first = plan(DeliveryPlanned.INSERTED, 10, 30, 1, 2, 4);
        PlannedStops second = plan(DeliveryPlanned.REPLANNED, 10, 34, 1, 2, 4);
        PlannedStops third = plan(DeliveryPlanned.REPLANNED, 10, 38, 1, 2, 4);

        fixture.given(created(), planned(first, AMINA), assigned(), planned(second, AMINA))
                .when(new PlanDelivery(ID, AMINA, third, BATCHED, List.of()))
                .expectEvents(
                        planned(third, AMINA),
                        new EtaUpdated(ID, MERCHANT, NOW, ENGINE, NOW.plusSeconds(10 * 60), NOW.plusSeconds(38 * 60)));
    }

    @Test
    void no_more_than_one_eta_update_per_five_minutes() {
        PlannedStops first = plan(DeliveryPlanned.INSERTED, 10, 30, 1, 2, 4);
        PlannedStops moved = plan(DeliveryPlanned.REOPTIMIZED, 10, 41, 1, 2, 4);
        PlannedStops movedAgain = plan(DeliveryPlanned.REOPTIMIZED, 10, 55, 1, 2, 4);
        EtaUpdated fourMinutesAgo = new EtaUpdated(
                ID, MERCHANT, NOW.minusSeconds(240), ENGINE, NOW.plusSeconds(600), NOW.plusSeconds(41 * 60));
        EtaUpdated sixMinutesAgo = new EtaUpdated(
                ID, MERCHANT, NOW.minusSeconds(360), ENGINE, NOW.plusSeconds(600), NOW.plusSeconds(41 * 60));

        fixture.given(created(), planned(first, AMINA), assigned(), planned(moved, AMINA), fourMinutesAgo)
                .when(new PlanDelivery(ID, AMINA, movedAgain, BATCHED, List.of()))
                .expectEvents(planned(movedAgain, AMINA));
        fixture.given(created(), planned(first, AMINA), assigned(), planned(moved, AMINA), sixMinutesAgo)
                .when(new PlanDelivery(ID, AMINA, movedAgain, BATCHED, List.of()))
                .expectEvents(
                        planned(movedAgain, AMINA),
                        new EtaUpdated(ID, MERCHANT, NOW, ENGINE, NOW.plusSeconds(600), NOW.plusSeconds(55 * 60)));
    }

    @Test
    void a_picked_up_parcel_is_planned_by_its_drop_off_only() {
        PlannedStops first = plan(DeliveryPlanned.INSERTED, 10, 30, 1, 2, 4);
        PlannedStops onBoard =
                new PlannedStops(null, NOW.plusSeconds(31 * 60), DeliveryPlanned.REPLANNED, null, 1, 3, 0);

        fixture.given(
                        created(),
                        planned(first, AMINA),
                        assigned(),
                        new DispatchPickedUp(ID, MERCHANT, NOW.minusSeconds(30), Actor.rider(AMINA), AMINA))
                .when(new PlanDelivery(ID, AMINA, onBoard, BATCHED, List.of()))
                .expectEvents(planned(onBoard, AMINA));
    }

    @Test
    void a_plan_for_a_rider_who_does_not_hold_the_delivery_is_refused() {
        PlannedStops plan = plan(DeliveryPlanned.REOPTIMIZED, 10, 30, 1, 2, 4);

        fixture.given(created(), assigned())
                .when(new PlanDelivery(ID, BARAKA, plan, BATCHED, List.of()))
                .expectException(NotHeldByRider.class)
                .expectNoEvents();
        fixture.given(created())
                .when(new PlanDelivery(ID, AMINA, plan, BATCHED, List.of()))
                .expectException(NotHeldByRider.class);
    }

    private static final String MOVE_RULE = "batched: moved by the zone's improvement (from rider " + AMINA + ")";

    @Test
    void a_move_to_another_rider_reassigns_then_plans_on_the_new_route_and_tells_the_merchant_the_new_estimates() {
        PlannedStops first = plan(DeliveryPlanned.INSERTED, 10, 30, 1, 2, 4);
        PlannedStops onBarakas = plan(DeliveryPlanned.REOPTIMIZED, 8, 20, 1, 2, 2);

        fixture.given(created(), planned(first, AMINA), assigned())
                .when(new ReassignDelivery(ID, AMINA, BARAKA, onBarakas, BATCHED, MOVE_RULE))
                .expectSuccessfulHandlerExecution()
                .expectEvents(
                        new RiderAutoAssigned(ID, MERCHANT, NOW, ENGINE, BARAKA, BATCHED, List.of(), MOVE_RULE),
                        new RiderAssigned(ID, MERCHANT, NOW, ENGINE, BARAKA, AMINA),
                        planned(onBarakas, BARAKA),
                        new EtaUpdated(ID, MERCHANT, NOW, ENGINE, NOW.plusSeconds(8 * 60), NOW.plusSeconds(20 * 60)));
    }

    @Test
    void the_same_move_again_changes_nothing() {
        PlannedStops onBarakas = plan(DeliveryPlanned.REOPTIMIZED, 8, 20, 1, 2, 2);

        fixture.given(created(), assigned(), new RiderAssigned(ID, MERCHANT, NOW, ENGINE, BARAKA, AMINA))
                .when(new ReassignDelivery(ID, AMINA, BARAKA, onBarakas, BATCHED, MOVE_RULE))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void a_delivery_picked_up_assigned_by_an_operator_or_held_by_someone_else_does_not_move() {
        PlannedStops onBarakas = plan(DeliveryPlanned.REOPTIMIZED, 8, 20, 1, 2, 2);
        ReassignDelivery move = new ReassignDelivery(ID, AMINA, BARAKA, onBarakas, BATCHED, MOVE_RULE);
        UUID chidi = UUID.fromString("77777777-6666-4555-8444-333333333333");

        fixture.given(created(), assigned(), new DispatchPickedUp(ID, MERCHANT, NOW, Actor.rider(AMINA), AMINA))
                .when(move)
                .expectException(DispatchRuleViolation.TransitionNotAllowed.class)
                .expectNoEvents();
        fixture.given(created(), new RiderAssigned(ID, MERCHANT, NOW, Actor.operator("ops"), AMINA, null))
                .when(move)
                .expectException(NotMovable.class)
                .expectNoEvents();
        fixture.given(created(), new RiderAssigned(ID, MERCHANT, NOW, ENGINE, chidi, null))
                .when(move)
                .expectException(NotMovable.class)
                .expectNoEvents();
    }

    @Test
    void a_move_to_a_rider_without_room_is_refused() {
        fixture = new AggregateTestFixture<>(Dispatch.class);
        fixture.registerInjectableResource(Clock.fixed(NOW, ZoneOffset.UTC));
        fixture.registerInjectableResource((SandboxLine) (merchant, rider) -> true);
        fixture.registerInjectableResource((RiderCapacity) rider -> !rider.equals(BARAKA));
        PlannedStops onBarakas = plan(DeliveryPlanned.REOPTIMIZED, 8, 20, 1, 2, 2);

        fixture.given(created(), assigned())
                .when(new ReassignDelivery(ID, AMINA, BARAKA, onBarakas, BATCHED, MOVE_RULE))
                .expectException(DispatchRuleViolation.RiderAtCapacity.class)
                .expectNoEvents();
    }

    private static PlannedStops plan(
            String reason, int pickupMinutes, int deliveryMinutes, int pickupStop, int dropoffStop, int stops) {
        return new PlannedStops(
                NOW.plusSeconds(pickupMinutes * 60L),
                NOW.plusSeconds(deliveryMinutes * 60L),
                reason,
                pickupStop,
                dropoffStop,
                stops,
                120);
    }

    private static DeliveryPlanned planned(PlannedStops plan, UUID rider) {
        return new DeliveryPlanned(
                ID,
                MERCHANT,
                NOW,
                ENGINE,
                rider,
                plan.estimatedPickupAt(),
                plan.estimatedDeliveryAt(),
                plan.reason(),
                plan.pickupStop(),
                plan.dropoffStop(),
                plan.routeStops(),
                plan.addedSeconds(),
                BATCHED,
                plan.reason().equals(DeliveryPlanned.INSERTED) ? CANDIDATES : List.of());
    }

    private static RiderAssigned assigned() {
        return new RiderAssigned(ID, MERCHANT, NOW.minusSeconds(600), ENGINE, AMINA, null);
    }

    private static DispatchCreated created() {
        return DispatchOffersTest.created(BATCHED);
    }
}
