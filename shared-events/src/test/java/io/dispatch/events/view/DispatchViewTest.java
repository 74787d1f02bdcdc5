package io.dispatch.events.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.FailureReason;
import io.dispatch.events.NotificationStatus;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.ProofOfDelivery.ProofType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.WebhookAttemptRecorded;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DispatchViewTest {

    private static final UUID DISPATCH = UUID.fromString("5b0a4c1e-7d2f-4c3a-9e8b-1f2d3c4b5a60");
    private static final UUID MERCHANT = UUID.fromString("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0");
    private static final UUID RIDER = UUID.fromString("7c6b5a49-3827-4165-9e8d-7c6b5a493827");
    private static final UUID OTHER_RIDER = UUID.fromString("3a2b1c0d-9e8f-47a6-b5c4-d3e2f1a0b9c8");
    private static final Instant T0 = Instant.parse("2026-11-21T10:15:30.123Z");
    private static final Stop PICKUP = new Stop("Kimathi Street 12", -1.2841, 36.8233, null);
    private static final Stop DROPOFF = new Stop("Ngong Road 221", -1.3001, 36.7807, "Blue gate");
    private static final ProofOfDelivery PROOF =
            new ProofOfDelivery(ProofType.PIN, "Wanjiku Kamau", at(60), null, null);

    private static Instant at(int minutes) {
        return T0.plusSeconds(60L * minutes);
    }

    private static EventEnvelope envelope(long sequence, DispatchEvent event) {
        return EventEnvelope.of(new UUID(0xE0, sequence), sequence, event);
    }

    private static EventEnvelope created() {
        return envelope(
                0,
                new DispatchCreated(
                        DISPATCH,
                        MERCHANT,
                        T0,
                        Actor.merchant(MERCHANT),
                        new DispatchOrder(
                                "ORD-1",
                                "Wanjiku Kamau",
                                "+254712345678",
                                PICKUP,
                                DROPOFF,
                                PaymentType.COD,
                                250000,
                                "KES",
                                at(30),
                                at(60)),
                        24000,
                        DispatchCreated.secondsFromCreation(T0, at(30)),
                        DispatchCreated.secondsFromCreation(T0, at(60)),
                        "nairobi-cbd",
                        Source.API,
                        "trk_abc",
                        "4821",
                        null));
    }

    private static EventEnvelope assigned(long sequence, UUID rider, int minute) {
        return envelope(sequence, new RiderAssigned(DISPATCH, MERCHANT, at(minute), Actor.rider(rider), rider, null));
    }

    private static EventEnvelope pickedUp(long sequence) {
        return envelope(sequence, new DispatchPickedUp(DISPATCH, MERCHANT, at(20), Actor.rider(RIDER), RIDER));
    }

    private static EventEnvelope departed(long sequence) {
        return envelope(sequence, new DispatchDeparted(DISPATCH, MERCHANT, at(22), Actor.rider(RIDER), RIDER));
    }

    private static EventEnvelope located(long sequence, int minute) {
        return envelope(
                sequence,
                new RiderLocationUpdated(
                        DISPATCH,
                        MERCHANT,
                        at(minute),
                        Actor.rider(RIDER),
                        RIDER,
                        -1.29,
                        36.80,
                        at(minute).minusSeconds(2)));
    }

    private static EventEnvelope delivered(long sequence) {
        return envelope(sequence, new DispatchDelivered(DISPATCH, MERCHANT, at(61), Actor.rider(RIDER), RIDER, PROOF));
    }

    private static EventEnvelope webhookAttempt(long revision) {
        return envelope(
                revision,
                new WebhookAttemptRecorded(
                        DISPATCH,
                        MERCHANT,
                        at(90),
                        Actor.system(),
                        UUID.randomUUID(),
                        "dispatch.created",
                        NotificationStatus.FAILED,
                        10,
                        500,
                        "HTTP 500",
                        null,
                        T0));
    }

    private static List<EventEnvelope> wholeLifecycle() {
        return List.of(created(), assigned(1, RIDER, 5), pickedUp(2), departed(3), located(4, 30), delivered(5));
    }

    @Test
    void a_created_view_is_new_with_every_creation_field_copied() {
        DispatchView view = DispatchView.created(created());

        assertThat(view).isEqualTo(newView(PinGuesses.NONE));
    }

    @Test
    void a_view_cannot_start_from_an_event_other_than_creation() {
        assertThatThrownBy(() -> DispatchView.created(assigned(1, RIDER, 5)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void folding_a_whole_lifecycle_ends_delivered_with_proof_rider_and_last_position() {
        DispatchView view = DispatchView.fold(wholeLifecycle()).orElseThrow();

        assertThat(view.status()).isEqualTo(DispatchStatus.DELIVERED);
        assertThat(view.riderId()).isEqualTo(RIDER);
        assertThat(view.proofOfDelivery()).isEqualTo(PROOF);
        assertThat(view.lastLocation()).isEqualTo(new RiderPosition(-1.29, 36.80, at(30).minusSeconds(2)));
        assertThat(view.createdAt()).isEqualTo(T0);
        assertThat(view.updatedAt()).isEqualTo(at(61));
        assertThat(view.sequence()).isEqualTo(5);
        assertThat(view.order().customerName()).isEqualTo("Wanjiku Kamau");
    }

    @Test
    void folding_gives_the_same_view_whatever_the_order_of_the_list() {
        List<EventEnvelope> shuffled = new ArrayList<>(wholeLifecycle());
        Collections.shuffle(shuffled, new Random(42));

        assertThat(DispatchView.fold(shuffled)).isEqualTo(DispatchView.fold(wholeLifecycle()));
    }

    @Test
    void folding_events_without_a_creation_gives_nothing() {
        assertThat(DispatchView.fold(List.of())).isEmpty();
        assertThat(DispatchView.fold(List.of(assigned(1, RIDER, 5), webhookAttempt(0))))
                .isEmpty();
    }

    @Test
    void applying_the_same_envelope_twice_gives_the_same_view() {
        for (EventEnvelope envelope : wholeLifecycle().subList(1, 6)) {
            DispatchView before = DispatchView.fold(wholeLifecycle().subList(0, (int) envelope.sequence()))
                    .orElseThrow();

            DispatchView once = before.apply(envelope);

            assertThat(once.apply(envelope))
                    .as("after %s twice", envelope.type())
                    .isEqualTo(once);
        }
    }

    @Test
    void folding_a_stream_with_redelivered_envelopes_gives_the_same_view() {
        List<EventEnvelope> redelivered = new ArrayList<>(wholeLifecycle());
        redelivered.addAll(wholeLifecycle());

        assertThat(DispatchView.fold(redelivered)).isEqualTo(DispatchView.fold(wholeLifecycle()));
    }

    @Test
    void an_envelope_older_than_the_view_is_ignored() {
        DispatchView departedView =
                DispatchView.fold(wholeLifecycle().subList(0, 4)).orElseThrow();

        assertThat(departedView.apply(assigned(1, OTHER_RIDER, 7))).isEqualTo(departedView);
    }

    @Test
    void an_assignment_sets_the_rider_and_a_reassignment_replaces_it() {
        DispatchView assigned = DispatchView.created(created()).apply(assigned(1, RIDER, 5));
        DispatchView reassigned = assigned.apply(assigned(2, OTHER_RIDER, 8));

        assertThat(assigned.status()).isEqualTo(DispatchStatus.ASSIGNED);
        assertThat(assigned.riderId()).isEqualTo(RIDER);
        assertThat(assigned.updatedAt()).isEqualTo(at(5));
        assertThat(reassigned.riderId()).isEqualTo(OTHER_RIDER);
        assertThat(reassigned.updatedAt()).isEqualTo(at(8));
    }

    @Test
    void pickup_and_departure_move_the_status_and_the_update_time() {
        DispatchView pickedUp =
                DispatchView.fold(wholeLifecycle().subList(0, 3)).orElseThrow();
        DispatchView inTransit = pickedUp.apply(departed(3));

        assertThat(pickedUp.status()).isEqualTo(DispatchStatus.PICKED_UP);
        assertThat(pickedUp.updatedAt()).isEqualTo(at(20));
        assertThat(inTransit.status()).isEqualTo(DispatchStatus.IN_TRANSIT);
        assertThat(inTransit.updatedAt()).isEqualTo(at(22));
        assertThat(inTransit.sequence()).isEqualTo(3);
    }

    @Test
    void a_location_update_sets_the_position_but_not_the_status_or_update_time() {
        DispatchView inTransit =
                DispatchView.fold(wholeLifecycle().subList(0, 4)).orElseThrow();

        DispatchView located = inTransit.apply(located(4, 30));

        assertThat(located.lastLocation()).isEqualTo(new RiderPosition(-1.29, 36.80, at(30).minusSeconds(2)));
        assertThat(located.status()).isEqualTo(DispatchStatus.IN_TRANSIT);
        assertThat(located.updatedAt()).isEqualTo(inTransit.updatedAt());
        assertThat(located.sequence()).isEqualTo(4);
    }

    @Test
    void wrong_pin_guesses_are_counted_and_the_locking_one_sets_the_lock_without_moving_status_or_update_time() {
        DispatchView inTransit =
                DispatchView.fold(wholeLifecycle().subList(0, 4)).orElseThrow();

        DispatchView once = inTransit.apply(pinRejected(4, 1, false, 40));
        DispatchView locked = once.apply(pinRejected(5, 5, true, 44));

        assertThat(once.pinGuesses()).isEqualTo(new PinGuesses(1, at(40), null));
        assertThat(once.pinGuesses().locked()).isFalse();
        assertThat(locked.pinGuesses()).isEqualTo(new PinGuesses(5, at(44), at(44)));
        assertThat(locked.pinGuesses().locked()).isTrue();
        assertThat(locked.status()).isEqualTo(DispatchStatus.IN_TRANSIT);
        assertThat(locked.updatedAt()).isEqualTo(inTransit.updatedAt());
        assertThat(locked.sequence()).isEqualTo(5);
    }

    @Test
    void a_pin_reset_clears_the_guesses_and_the_lock() {
        DispatchView locked =
                DispatchView.fold(wholeLifecycle().subList(0, 4)).orElseThrow().apply(pinRejected(4, 5, true, 44));

        DispatchView reset = locked.apply(
                envelope(5, new DeliveryPinReset(DISPATCH, MERCHANT, at(50), Actor.operator("ops-amina"), 5)));

        assertThat(reset.pinGuesses()).isEqualTo(PinGuesses.NONE);
        assertThat(reset.status()).isEqualTo(DispatchStatus.IN_TRANSIT);
        assertThat(reset.updatedAt()).isEqualTo(locked.updatedAt());
    }

    @Test
    void a_view_stored_before_the_pin_guard_existed_reads_as_no_guesses() {
        DispatchView created = DispatchView.created(created());

        DispatchView old = newView(null);

        assertThat(old).isEqualTo(created);
    }

    /** The view of {@link #created()} as first built, with the given PIN guesses as stored. */
    private static DispatchView newView(PinGuesses pinGuesses) {
        return new DispatchView(
                DISPATCH,
                MERCHANT,
                DispatchStatus.NEW,
                null,
                "nairobi-cbd",
                new DispatchOrder(
                        "ORD-1",
                        "Wanjiku Kamau",
                        "+254712345678",
                        PICKUP,
                        DROPOFF,
                        PaymentType.COD,
                        250000,
                        "KES",
                        at(30),
                        at(60)),
                24000,
                "trk_abc",
                "4821",
                Source.API,
                null,
                null,
                null,
                null,
                null,
                pinGuesses,
                null,
                null,
                T0,
                T0,
                0);
    }

    private static EventEnvelope planned(long sequence, int pickupMinute, int deliveryMinute) {
        return envelope(
                sequence,
                new DeliveryPlanned(
                        DISPATCH,
                        MERCHANT,
                        at(2),
                        Actor.system(),
                        RIDER,
                        pickupMinute < 0 ? null : at(pickupMinute),
                        at(deliveryMinute),
                        DeliveryPlanned.INSERTED,
                        pickupMinute < 0 ? null : 1,
                        2,
                        2,
                        60,
                        new DecisionPolicy("nairobi-cbd", "BATCHED", 1),
                        List.of()));
    }

    @Test
    void a_plan_sets_the_estimates_without_moving_status_or_update_time_and_a_pickup_clears_the_pickups() {
        DispatchView assigned = DispatchView.created(created()).apply(assigned(1, RIDER, 1));

        DispatchView planned = assigned.apply(planned(2, 10, 25));
        DispatchView moved =
                planned.apply(envelope(3, new EtaUpdated(DISPATCH, MERCHANT, at(4), Actor.system(), at(12), at(33))));
        DispatchView picked = moved.apply(pickedUp(4));

        assertThat(planned.estimatedPickupAt()).isEqualTo(at(10));
        assertThat(planned.estimatedDeliveryAt()).isEqualTo(at(25));
        assertThat(planned.updatedAt()).isEqualTo(assigned.updatedAt());
        assertThat(planned.status()).isEqualTo(DispatchStatus.ASSIGNED);
        assertThat(moved.estimatedDeliveryAt()).isEqualTo(at(33));
        assertThat(moved.updatedAt()).isEqualTo(assigned.updatedAt());
        assertThat(picked.estimatedPickupAt()).isNull();
        assertThat(picked.estimatedDeliveryAt()).isEqualTo(at(33));
    }

    @Test
    void a_reassignment_to_another_rider_clears_the_estimates_and_the_first_assignment_keeps_the_insertions() {
        DispatchView planned =
                DispatchView.created(created()).apply(planned(1, 10, 25)).apply(assigned(2, RIDER, 2));

        DispatchView reassigned = planned.apply(assigned(3, OTHER_RIDER, 4));

        assertThat(planned.estimatedDeliveryAt()).isEqualTo(at(25));
        assertThat(reassigned.estimatedPickupAt()).isNull();
        assertThat(reassigned.estimatedDeliveryAt()).isNull();
    }

    @Test
    void leaving_the_rider_clears_both_estimates() {
        DispatchView planned =
                DispatchView.created(created()).apply(assigned(1, RIDER, 1)).apply(planned(2, 10, 25));

        DispatchView unassigned = planned.apply(
                envelope(3, new RiderUnassigned(DISPATCH, MERCHANT, at(3), Actor.rider(RIDER), RIDER, "too far")));

        assertThat(unassigned.estimatedPickupAt()).isNull();
        assertThat(unassigned.estimatedDeliveryAt()).isNull();
        assertThat(unassigned.status()).isEqualTo(DispatchStatus.NEW);
    }

    private static EventEnvelope pinRejected(long sequence, int wrongGuesses, boolean locked, int minute) {
        return envelope(
                sequence,
                new DeliveryPinRejected(
                        DISPATCH, MERCHANT, at(minute), Actor.rider(RIDER), RIDER, wrongGuesses, locked));
    }

    @Test
    void a_failure_records_the_reason_code_and_detail() {
        DispatchView assigned = DispatchView.created(created()).apply(assigned(1, RIDER, 5));

        DispatchView failed = assigned.apply(envelope(
                2,
                new DispatchFailed(
                        DISPATCH,
                        MERCHANT,
                        at(40),
                        Actor.rider(RIDER),
                        FailureReason.WRONG_ADDRESS,
                        "No such building")));

        assertThat(failed.status()).isEqualTo(DispatchStatus.FAILED);
        assertThat(failed.failureReason()).isEqualTo(FailureReason.WRONG_ADDRESS);
        assertThat(failed.failureDetail()).isEqualTo("No such building");
        assertThat(failed.riderId()).isEqualTo(RIDER);
        assertThat(failed.updatedAt()).isEqualTo(at(40));
    }

    @Test
    void a_cancellation_records_the_reason() {
        DispatchView cancelled = DispatchView.created(created())
                .apply(envelope(
                        1, new DispatchCancelled(DISPATCH, MERCHANT, at(1), Actor.merchant(MERCHANT), "Changed mind")));

        assertThat(cancelled.status()).isEqualTo(DispatchStatus.CANCELLED);
        assertThat(cancelled.cancelReason()).isEqualTo("Changed mind");
        assertThat(cancelled.updatedAt()).isEqualTo(at(1));
        assertThat(cancelled.sequence()).isEqualTo(1);
    }

    @Test
    void transitions_are_facts_and_are_applied_without_checking_the_current_status() {
        DispatchView delivered = DispatchView.fold(wholeLifecycle()).orElseThrow();

        DispatchView failedAfterwards = delivered.apply(envelope(
                6,
                new DispatchFailed(
                        DISPATCH,
                        MERCHANT,
                        at(70),
                        Actor.operator("ops-amina"),
                        FailureReason.OTHER,
                        "Operator correction")));

        assertThat(failedAfterwards.status()).isEqualTo(DispatchStatus.FAILED);
    }

    @Test
    void a_webhook_attempt_leaves_the_view_unchanged_whatever_its_revision() {
        DispatchView view = DispatchView.fold(wholeLifecycle()).orElseThrow();

        assertThat(view.apply(webhookAttempt(99))).isEqualTo(view);
        assertThat(DispatchView.fold(List.of(created(), webhookAttempt(7), assigned(1, RIDER, 5)))
                        .map(DispatchView::sequence))
                .isEqualTo(Optional.of(1L));
    }

    @Test
    void an_event_of_another_delivery_is_refused() {
        DispatchView view = DispatchView.created(created());
        UUID other = UUID.fromString("11111111-2222-4333-8444-555555555555");

        assertThatThrownBy(() -> view.apply(
                        envelope(1, new DispatchPickedUp(other, MERCHANT, at(3), Actor.rider(RIDER), RIDER))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_second_creation_of_the_same_delivery_is_refused() {
        DispatchView view = DispatchView.created(created());
        EventEnvelope again = EventEnvelope.of(new UUID(0xE1, 1), 1, created().event());

        assertThatThrownBy(() -> view.apply(again)).isInstanceOf(IllegalArgumentException.class);
    }
}
