package io.dispatch.command.dispatch.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchCommands.CancelDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmPickup;
import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.DepartForDropoff;
import io.dispatch.command.dispatch.domain.DispatchCommands.FailDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.RecordRiderLocation;
import io.dispatch.command.dispatch.domain.DispatchCommands.ResetPinGuesses;
import io.dispatch.command.dispatch.domain.DispatchCommands.ServiceLevel;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.InvalidProof;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotTheAssignedRider;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.PinProofsLocked;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAcrossSandboxLine;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.TransitionNotAllowed;
import io.dispatch.events.Actor;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.ProofOfDelivery.ProofType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.stream.Stream;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DispatchTest {

    private static final Instant NOW = Instant.parse("2026-11-21T10:00:00.000Z");
    private static final UUID ID = UUID.fromString("0b8f6d7e-2a4c-4c1e-9f3a-1d2e3f4a5b6c");
    private static final UUID MERCHANT = UUID.fromString("6a1f0c4e-7d2b-4e8a-b1c3-9d8e7f6a5b4c");
    private static final UUID RIDER = UUID.fromString("11111111-2222-4333-8444-555555555555");
    private static final UUID OTHER_RIDER = UUID.fromString("99999999-8888-4777-8666-555555555555");
    /** The one sandbox rider here; MERCHANT is a real merchant. */
    private static final UUID SANDBOX_RIDER = UUID.fromString("5a5a5a5a-1111-4222-8333-444444444444");

    private static final Stop PICKUP = new Stop("Kenyatta Ave 1, Nairobi", -1.2841, 36.8155, "gate B");
    private static final Stop DROPOFF = new Stop("Ngong Rd 12, Nairobi", -1.3001, 36.7833, null);

    private FixtureConfiguration<Dispatch> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Dispatch.class);
        fixture.registerInjectableResource(Clock.fixed(NOW, ZoneOffset.UTC));
        fixture.registerInjectableResource((SandboxLine) (merchant, rider) -> !rider.equals(SANDBOX_RIDER));
        fixture.registerInjectableResource((RiderCapacity) rider -> true);
    }

    /** The merchant's creation: a COD order whose fee, zone, token and PIN pricing already decided. */
    private static CreateDispatch create(Instant pickupBy, String zoneId, ServiceLevel serviceLevel) {
        return new CreateDispatch(
                ID,
                MERCHANT,
                Actor.merchant(MERCHANT),
                new DispatchOrder(
                        "order-1",
                        "Amina",
                        "+254700000001",
                        PICKUP,
                        DROPOFF,
                        PaymentType.COD,
                        150000,
                        "KES",
                        pickupBy,
                        null),
                25000,
                zoneId,
                Source.API,
                "tok",
                "4821",
                serviceLevel,
                null);
    }

    /** What {@link #create} records, with the targets the aggregate decided. */
    private static DispatchCreated created(
            Instant pickupAt, Instant deliveryAt, Long pickupSeconds, Long deliverySeconds, String zoneId) {
        return new DispatchCreated(
                ID,
                MERCHANT,
                NOW,
                Actor.merchant(MERCHANT),
                "order-1",
                "Amina",
                "+254700000001",
                PICKUP,
                DROPOFF,
                PaymentType.COD,
                150000,
                25000,
                "KES",
                pickupAt,
                deliveryAt,
                pickupSeconds,
                deliverySeconds,
                zoneId,
                Source.API,
                "tok",
                "4821");
    }

    private static DispatchCreated created() {
        return created(null, null, null, null, "nairobi-cbd");
    }

    private static RiderAssigned assigned() {
        return new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(RIDER), RIDER, null);
    }

    private static DispatchPickedUp pickedUp() {
        return new DispatchPickedUp(ID, MERCHANT, NOW, Actor.rider(RIDER), RIDER);
    }

    private static DispatchDeparted departed() {
        return new DispatchDeparted(ID, MERCHANT, NOW, Actor.rider(RIDER), RIDER);
    }

    /** The history of a dispatch on its way to the customer, then {@code later} events. */
    private static Object[] inTransit(Object... later) {
        return Stream.concat(Stream.of(created(), assigned(), pickedUp(), departed()), Stream.of(later))
                .toArray();
    }

    private static ConfirmDelivery deliverWithPin(String pin) {
        return new ConfirmDelivery(ID, RIDER, ProofType.PIN, "Amina", null, null, pin);
    }

    private static DispatchDelivered delivered(ProofType type, String photoUrl) {
        return new DispatchDelivered(
                ID, MERCHANT, NOW, Actor.rider(RIDER), RIDER, new ProofOfDelivery(type, "Amina", NOW, photoUrl, null));
    }

    private static DeliveryPinReset pinReset() {
        return new DeliveryPinReset(ID, MERCHANT, NOW, Actor.operator("ops-amina"), 5);
    }

    static Stream<Arguments> creations() {
        Instant pickupBy = NOW.plusSeconds(86_400);
        return Stream.of(
                arguments(
                        "creating a dispatch records it as new with its fee, zone and PIN",
                        create(null, "nairobi-cbd", null),
                        created()),
                arguments(
                        "absent target times come from the zone service level, counted from creation",
                        create(null, "nairobi-cbd", new ServiceLevel(1800, 3600)),
                        created(NOW.plusSeconds(1800), NOW.plusSeconds(3600), 1800L, 3600L, "nairobi-cbd")),
                arguments(
                        "without target times or a zone service level the event has no targets in seconds",
                        create(null, null, null),
                        created(null, null, null, null, null)),
                arguments(
                        "given target times are kept and a derived deliver-by never precedes the pick-up-by",
                        create(pickupBy, "nairobi-cbd", new ServiceLevel(1800, 3600)),
                        created(pickupBy, pickupBy.plusSeconds(1800), 86_400L, 88_200L, "nairobi-cbd")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("creations")
    void a_creation_records_the_dispatch_with_its_targets(
            String sentence, CreateDispatch command, DispatchCreated expected) {
        fixture.givenNoPriorActivity()
                .when(command)
                .expectSuccessfulHandlerExecution()
                .expectEvents(expected);
    }

    @Test
    void a_rider_takes_a_new_dispatch() {
        fixture.given(created())
                .when(new AssignRider(ID, RIDER, Actor.rider(RIDER)))
                .expectEvents(assigned())
                .expectResultMessagePayload(1L);
    }

    @Test
    void a_sandbox_rider_cannot_take_a_real_merchants_dispatch_and_is_told_it_does_not_exist() {
        fixture.given(created())
                .when(new AssignRider(ID, SANDBOX_RIDER, Actor.rider(SANDBOX_RIDER)))
                .expectException(NotFound.class)
                .expectNoEvents();
    }

    @Test
    void an_operator_cannot_assign_a_rider_across_the_sandbox_line() {
        fixture.given(created())
                .when(new AssignRider(ID, SANDBOX_RIDER, Actor.operator("ops-amina")))
                .expectException(RiderAcrossSandboxLine.class)
                .expectNoEvents();
    }

    @Test
    void a_rider_across_the_sandbox_line_is_told_the_dispatch_does_not_exist_whatever_the_step() {
        fixture.given(created(), assigned())
                .when(new ConfirmPickup(ID, SANDBOX_RIDER))
                .expectException(NotFound.class)
                .expectNoEvents();
        fixture.given(created(), assigned(), pickedUp())
                .when(new DepartForDropoff(ID, SANDBOX_RIDER))
                .expectException(NotFound.class);
        fixture.given(inTransit())
                .when(new ConfirmDelivery(ID, SANDBOX_RIDER, ProofType.PIN, "Amina", null, null, "4821"))
                .expectException(NotFound.class)
                .expectNoEvents();
        fixture.given(created(), assigned())
                .when(new FailDispatch(ID, Actor.rider(SANDBOX_RIDER), FailureReason.OTHER, "bait"))
                .expectException(NotFound.class)
                .expectNoEvents();
    }

    @Test
    void a_second_rider_cannot_take_an_assigned_dispatch() {
        fixture.given(created(), assigned())
                .when(new AssignRider(ID, OTHER_RIDER, Actor.rider(OTHER_RIDER)))
                .expectException(TransitionNotAllowed.class)
                .expectNoEvents();
    }

    @Test
    void an_operator_reassigns_an_assigned_dispatch() {
        fixture.given(created(), assigned())
                .when(new AssignRider(ID, OTHER_RIDER, Actor.operator("ops")))
                .expectEvents(new RiderAssigned(ID, MERCHANT, NOW, Actor.operator("ops"), OTHER_RIDER, RIDER));
    }

    @Test
    void an_operator_cannot_reassign_once_the_parcel_is_picked_up() {
        fixture.given(created(), assigned(), pickedUp())
                .when(new AssignRider(ID, OTHER_RIDER, Actor.operator("ops")))
                .expectException(TransitionNotAllowed.class);
    }

    @Test
    void the_assigned_rider_picks_up_the_parcel() {
        fixture.given(created(), assigned()).when(new ConfirmPickup(ID, RIDER)).expectEvents(pickedUp());
    }

    @Test
    void another_rider_cannot_pick_up_the_parcel() {
        fixture.given(created(), assigned())
                .when(new ConfirmPickup(ID, OTHER_RIDER))
                .expectException(NotTheAssignedRider.class);
    }

    @Test
    void picking_up_a_new_dispatch_is_refused_because_no_rider_holds_it() {
        fixture.given(created()).when(new ConfirmPickup(ID, RIDER)).expectException(NotTheAssignedRider.class);
    }

    @Test
    void the_rider_departs_after_pickup() {
        fixture.given(created(), assigned(), pickedUp())
                .when(new DepartForDropoff(ID, RIDER))
                .expectEvents(departed());
    }

    @Test
    void departing_before_pickup_is_a_conflict() {
        fixture.given(created(), assigned())
                .when(new DepartForDropoff(ID, RIDER))
                .expectException(TransitionNotAllowed.class);
    }

    @Test
    void delivering_with_the_right_pin_attaches_the_proof() {
        fixture.given(inTransit()).when(deliverWithPin("4821")).expectEvents(delivered(ProofType.PIN, null));
    }

    @Test
    void a_wrong_pin_is_recorded_as_a_guess_and_answers_the_guesses_left() {
        fixture.given(inTransit())
                .when(deliverWithPin("0000"))
                .expectSuccessfulHandlerExecution()
                .expectEvents(pinRejected(1, false))
                .expectResultMessagePayload(new DeliveryAttempt.PinRejected(4, 1, 4, false));
    }

    @Test
    void the_fifth_wrong_pin_locks_pin_proofs() {
        fixture.given(inTransit(
                        pinRejected(1, false), pinRejected(2, false), pinRejected(3, false), pinRejected(4, false)))
                .when(deliverWithPin("1234"))
                .expectEvents(pinRejected(5, true))
                .expectResultMessagePayload(new DeliveryAttempt.PinRejected(8, 5, 0, true));
    }

    @Test
    void once_locked_a_pin_proof_is_refused_without_comparing_even_the_right_pin() {
        fixture.given(inTransit(pinRejected(5, true)))
                .when(deliverWithPin("4821"))
                .expectException(PinProofsLocked.class)
                .expectExceptionMessage("PIN proofs are locked for this delivery after 5 wrong guesses; "
                        + "an operator must reset them")
                .expectNoEvents();
    }

    @Test
    void a_photo_proof_still_delivers_while_pin_proofs_are_locked() {
        fixture.given(inTransit(pinRejected(5, true)))
                .when(new ConfirmDelivery(ID, RIDER, ProofType.PHOTO, "Amina", "https://cdn.example/p.jpg", null, null))
                .expectEvents(delivered(ProofType.PHOTO, "https://cdn.example/p.jpg"));
    }

    @Test
    void a_pin_that_is_not_four_digits_is_refused_without_counting_as_a_guess() {
        fixture.given(inTransit())
                .when(deliverWithPin("48210"))
                .expectException(InvalidProof.class)
                .expectNoEvents();
    }

    @Test
    void another_riders_pin_is_refused_before_it_is_compared() {
        fixture.given(inTransit())
                .when(new ConfirmDelivery(ID, OTHER_RIDER, ProofType.PIN, "Amina", null, null, "0000"))
                .expectException(NotTheAssignedRider.class)
                .expectNoEvents();
    }

    @Test
    void an_operator_reset_clears_the_guesses_and_the_right_pin_then_delivers() {
        fixture.given(inTransit(pinRejected(5, true)))
                .when(new ResetPinGuesses(ID, Actor.operator("ops-amina")))
                .expectEvents(pinReset())
                .expectResultMessagePayload(5L);

        fixture.given(inTransit(pinRejected(5, true), pinReset()))
                .when(deliverWithPin("4821"))
                .expectEvents(delivered(ProofType.PIN, null));
    }

    @Test
    void after_a_reset_the_count_starts_again_from_one() {
        fixture.given(inTransit(pinRejected(5, true), pinReset()))
                .when(deliverWithPin("0000"))
                .expectEvents(pinRejected(1, false));
    }

    @Test
    void a_reset_without_wrong_guesses_changes_nothing() {
        fixture.given(inTransit())
                .when(new ResetPinGuesses(ID, Actor.operator("ops-amina")))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents()
                .expectResultMessagePayload(3L);
    }

    @Test
    void resetting_the_pin_guesses_of_an_ended_delivery_is_a_conflict() {
        fixture.given(inTransit(
                        pinRejected(5, true),
                        new DispatchFailed(ID, MERCHANT, NOW, Actor.rider(RIDER), FailureReason.REFUSED, null)))
                .when(new ResetPinGuesses(ID, Actor.operator("ops-amina")))
                .expectException(TransitionNotAllowed.class)
                .expectNoEvents();
    }

    private static DeliveryPinRejected pinRejected(int wrongGuesses, boolean locked) {
        return new DeliveryPinRejected(ID, MERCHANT, NOW, Actor.rider(RIDER), RIDER, wrongGuesses, locked);
    }

    @Test
    void a_photo_proof_needs_a_photo() {
        fixture.given(inTransit())
                .when(new ConfirmDelivery(ID, RIDER, ProofType.PHOTO, "Amina", null, null, null))
                .expectException(InvalidProof.class);
    }

    @Test
    void delivering_before_departure_is_a_conflict() {
        fixture.given(created(), assigned(), pickedUp())
                .when(deliverWithPin("4821"))
                .expectException(TransitionNotAllowed.class);
    }

    @Test
    void the_merchant_cancels_a_new_dispatch() {
        fixture.given(created())
                .when(new CancelDispatch(ID, MERCHANT, "customer changed their mind"))
                .expectEvents(new DispatchCancelled(
                        ID, MERCHANT, NOW, Actor.merchant(MERCHANT), "customer changed their mind"))
                .expectResultMessagePayload(1L);
    }

    @Test
    void cancelling_an_assigned_dispatch_is_a_conflict_that_names_the_status() {
        fixture.given(created(), assigned())
                .when(new CancelDispatch(ID, MERCHANT, null))
                .expectException(TransitionNotAllowed.class)
                .expectExceptionMessage("Cannot cancel a delivery that is ASSIGNED");
    }

    @Test
    void cancelling_a_cancelled_dispatch_is_a_conflict() {
        fixture.given(created(), new DispatchCancelled(ID, MERCHANT, NOW, Actor.merchant(MERCHANT), null))
                .when(new CancelDispatch(ID, MERCHANT, null))
                .expectException(TransitionNotAllowed.class);
    }

    @Test
    void another_merchant_cannot_see_or_cancel_the_dispatch() {
        fixture.given(created())
                .when(new CancelDispatch(ID, UUID.randomUUID(), null))
                .expectException(NotFound.class);
    }

    @Test
    void an_operator_fails_a_new_dispatch() {
        fixture.given(created())
                .when(new FailDispatch(ID, Actor.operator("ops"), FailureReason.OTHER, "duplicate order"))
                .expectEvents(new DispatchFailed(
                        ID, MERCHANT, NOW, Actor.operator("ops"), FailureReason.OTHER, "duplicate order"));
    }

    @Test
    void the_assigned_rider_fails_an_in_transit_dispatch() {
        fixture.given(inTransit())
                .when(new FailDispatch(ID, Actor.rider(RIDER), FailureReason.CUSTOMER_UNREACHABLE, "no answer"))
                .expectEvents(new DispatchFailed(
                        ID, MERCHANT, NOW, Actor.rider(RIDER), FailureReason.CUSTOMER_UNREACHABLE, "no answer"));
    }

    @Test
    void another_rider_cannot_fail_the_dispatch() {
        fixture.given(created(), assigned())
                .when(new FailDispatch(ID, Actor.rider(OTHER_RIDER), FailureReason.OTHER, "x"))
                .expectException(NotTheAssignedRider.class);
    }

    @Test
    void nothing_moves_out_of_a_terminal_status() {
        var failed = new DispatchFailed(ID, MERCHANT, NOW, Actor.operator("ops"), FailureReason.OTHER, "x");
        fixture.given(created(), failed)
                .when(new FailDispatch(ID, Actor.operator("ops"), FailureReason.OTHER, "again"))
                .expectException(TransitionNotAllowed.class);
        fixture.given(created(), failed)
                .when(new AssignRider(ID, RIDER, Actor.rider(RIDER)))
                .expectException(TransitionNotAllowed.class);
    }

    @Test
    void the_assigned_rider_reports_a_location() {
        Instant fix = NOW.minusSeconds(3);
        fixture.given(created(), assigned())
                .when(new RecordRiderLocation(ID, RIDER, -1.29, 36.82, fix))
                .expectEvents(
                        new RiderLocationUpdated(ID, MERCHANT, NOW, Actor.rider(RIDER), RIDER, -1.29, 36.82, fix));
    }

    @Test
    void a_delivered_dispatch_takes_no_more_locations() {
        fixture.given(inTransit(delivered(ProofType.PIN, null)))
                .when(new RecordRiderLocation(ID, RIDER, -1.29, 36.82, NOW))
                .expectException(TransitionNotAllowed.class);
    }

    @Test
    void the_conflict_carries_the_current_status() {
        var violation = new TransitionNotAllowed(DispatchStatus.PICKED_UP, "cancel");
        assertThat(violation.currentStatus()).isEqualTo(DispatchStatus.PICKED_UP);
    }
}
