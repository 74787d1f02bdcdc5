package io.dispatch.policy.core;

import static io.dispatch.policy.core.CoreFixture.at;
import static io.dispatch.policy.core.CoreFixture.east;
import static io.dispatch.policy.core.CoreFixture.ended;
import static io.dispatch.policy.core.CoreFixture.id;
import static io.dispatch.policy.core.CoreFixture.made;
import static io.dispatch.policy.core.CoreFixture.onlyOffer;
import static io.dispatch.policy.core.CoreFixture.opened;
import static io.dispatch.policy.core.CoreFixture.riderOn;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LiveSemanticsRulesTest {

    final UUID delivery = id("delivery-1");
    final UUID near = id("rider-near");
    final UUID far = id("rider-far");

    @Test
    void a_delivery_an_operator_assigned_is_never_moved_even_when_its_rider_goes_off_shift() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(near, east(500), 0)).given(riderOn(far, east(1000), 0));
        Decision.Offer offer = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        fixture.given(made(offer, 11));

        List<Decision> decisions = fixture.whenAll(
                new Fact.Assigned(delivery, far, true, at(12)),
                ended(offer, OfferOutcome.WITHDRAWN, 12),
                new Fact.RiderShift(far, false, false, 1, at(20)),
                new Fact.RiderShift(near, false, false, 1, at(21)),
                new Fact.RiderShift(near, true, false, 1, at(22)));

        assertThat(decisions).isEmpty();
        assertThat(fixture.core.waitingDeliveries()).isEmpty();
        assertThat(fixture.core.rider(far).orElseThrow().activeDispatchIds()).containsExactly(delivery);
    }

    @Test
    void a_delivery_follows_the_policy_it_recorded_when_created_whatever_the_zone_follows_now() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(near, east(500), 0));
        Policy recordedManual = new Policy(
                Policy.DEFAULT_ZONE, Mode.MANUAL, Duration.ofSeconds(30), 5, 5000, Fallback.OPERATOR_QUEUE, 1);
        Policy recordedAuto = new Policy(
                Policy.DEFAULT_ZONE, Mode.AUTO_ASSIGN, Duration.ofSeconds(30), 5, 5000, Fallback.OPERATOR_QUEUE, 2);
        UUID other = id("delivery-2");

        List<Decision> manual = fixture.when(
                new Fact.DeliveryOpened(delivery, at(10), Policy.DEFAULT_ZONE, east(0), null, false, recordedManual));
        List<Decision> automatic = fixture.when(
                new Fact.DeliveryOpened(other, at(11), Policy.DEFAULT_ZONE, east(0), null, false, recordedAuto));

        assertThat(manual).as("recorded MANUAL, though the zone is RANKED now").isEmpty();
        assertThat(automatic)
                .singleElement()
                .isInstanceOfSatisfying(
                        Decision.AutoAssign.class,
                        assign -> assertThat(assign.policy()).isEqualTo(recordedAuto.ref()));
        assertThat(fixture.core.policyOf(Policy.DEFAULT_ZONE).mode()).isEqualTo(Mode.RANKED);
    }

    @Test
    void facts_that_arrive_together_are_decided_on_once_so_a_rider_freed_by_an_end_is_not_offered_that_delivery() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(near, east(500), 0));
        Decision.Offer offer = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        fixture.given(made(offer, 11));
        UUID waiting = id("delivery-2");
        fixture.given(opened(waiting, east(100), 12));

        List<Decision> together = fixture.core.applyAll(
                List.of(ended(offer, OfferOutcome.WITHDRAWN, 20), new Fact.Ended(delivery, at(20))));

        assertThat(together).singleElement().isInstanceOfSatisfying(Decision.Offer.class, next -> {
            assertThat(next.dispatchId()).isEqualTo(waiting);
            assertThat(next.riderId()).isEqualTo(near);
        });
    }

    @Test
    void a_rider_going_off_shift_with_an_open_offer_has_it_withdrawn_once() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(near, east(500), 0)).given(riderOn(far, east(1000), 0));
        Decision.Offer offer = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        fixture.given(made(offer, 11));

        List<Decision> offShift = fixture.when(new Fact.RiderShift(near, false, false, 1, at(15)));
        List<Decision> unrelated = fixture.when(new Fact.RiderPosition(far, east(900), at(16)));
        List<Decision> afterWithdrawn = fixture.when(ended(offer, OfferOutcome.WITHDRAWN, 17));

        assertThat(offShift).containsExactly(new Decision.Withdraw(delivery, offer.offerId(), near, "RIDER_OFF_SHIFT"));
        assertThat(unrelated).isEmpty();
        assertThat(onlyOffer(afterWithdrawn).riderId()).isEqualTo(far);
    }

    @Test
    void sandbox_deliveries_go_to_sandbox_riders_only_and_real_ones_to_real_riders_only() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        UUID sandboxRider = id("sandbox-rider");
        fixture.given(riderOn(sandboxRider, east(100), 0, true, 1)).given(riderOn(far, east(2000), 0));
        UUID sandboxDelivery = id("sandbox-delivery");

        Decision.Offer real = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        Decision.Offer sandbox = onlyOffer(
                fixture.when(new Fact.DeliveryOpened(sandboxDelivery, at(11), "default", east(0), null, true)));

        assertThat(real.riderId()).isEqualTo(far);
        assertThat(real.candidates()).extracting(Candidate::riderId).containsExactly(far);
        assertThat(sandbox.riderId()).isEqualTo(sandboxRider);
    }

    @Test
    void offer_ids_come_from_the_delivery_the_rider_and_the_offers_made_so_two_cores_agree() {
        CoreFixture first = CoreFixture.withPolicy(Mode.RANKED);
        first.given(riderOn(near, east(500), 0));

        Decision.Offer offer = onlyOffer(first.when(opened(delivery, east(0), 10)));
        CoreFixture second = new CoreFixture();
        Decision.Offer again = onlyOffer(second.whenAll(first.history.toArray(Fact[]::new)));

        assertThat(offer.offerId()).isEqualTo(OfferIds.offerId(delivery, near, 0));
        assertThat(again).isEqualTo(offer);
    }

    @Test
    void a_fresh_core_fed_the_same_facts_in_the_same_order_makes_the_same_decisions() {
        List<Decision> live = new ArrayList<>();
        CoreFixture original = busyDay(live);

        CoreFixture replayed = new CoreFixture();
        List<Decision> replay = replayed.whenAll(original.history.toArray(Fact[]::new));

        assertThat(live).hasSizeGreaterThan(5);
        assertThat(replay).isEqualTo(live);
        assertThat(replayed.core.waitingDeliveries()).isEqualTo(original.core.waitingDeliveries());
        assertThat(replayed.core.nextDueAt()).isEqualTo(original.core.nextDueAt());
    }

    /** Six riders and six deliveries; every offer made, the first three declined, the rest accepted. */
    private static CoreFixture busyDay(List<Decision> decisions) {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        for (int rider = 0; rider < 6; rider++) {
            decisions.addAll(fixture.whenAll(riderOn(id("rider-" + rider), east(rider * 400 - 1000), rider)));
        }
        for (int order = 0; order < 6; order++) {
            decisions.addAll(fixture.when(opened(id("delivery-" + order), east(order * 300 - 800), 10 + order)));
        }
        List<Decision.Offer> offers = new ArrayList<>();
        decisions.stream()
                .filter(Decision.Offer.class::isInstance)
                .map(Decision.Offer.class::cast)
                .forEach(offers::add);
        long second = 20;
        for (int index = 0; index < offers.size() && index < 12; index++) {
            Decision.Offer offer = offers.get(index);
            decisions.addAll(fixture.when(made(offer, second++)));
            OfferOutcome outcome = index < 3 ? OfferOutcome.DECLINED : OfferOutcome.ACCEPTED;
            List<Decision> next = fixture.when(ended(offer, outcome, second++));
            decisions.addAll(next);
            next.stream()
                    .filter(Decision.Offer.class::isInstance)
                    .map(Decision.Offer.class::cast)
                    .forEach(offers::add);
            if (outcome == OfferOutcome.ACCEPTED) {
                decisions.addAll(
                        fixture.when(new Fact.Assigned(offer.dispatchId(), offer.riderId(), false, at(second))));
            }
        }
        return fixture;
    }

    @Test
    void a_decision_whose_fact_does_not_come_back_is_pending_and_made_again_with_the_same_id_after_the_timeout() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(near, east(500), 0));
        Decision.Offer offer = onlyOffer(fixture.when(opened(delivery, east(0), 10)));

        List<Decision> meanwhile = fixture.when(new Fact.RiderShift(far, true, false, 1, at(12)));
        List<Decision> beforeTimeout = fixture.whenTick(at(19));
        List<Decision> afterTimeout = fixture.whenTick(at(20));

        assertThat(meanwhile).isEmpty();
        assertThat(beforeTimeout).isEmpty();
        assertThat(fixture.core.nextDueAt()).isPresent();
        assertThat(onlyOffer(afterTimeout).offerId()).isEqualTo(offer.offerId());
    }

    @Test
    void a_decision_lists_at_most_ten_candidates_ranked_from_one() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        for (int rider = 0; rider < 14; rider++) {
            fixture.given(riderOn(id("rider-" + rider), east(100 + rider * 200), 0));
        }

        Decision.Offer offer = onlyOffer(fixture.when(opened(delivery, east(0), 10)));

        assertThat(offer.candidates()).hasSize(10);
        assertThat(offer.candidates()).extracting(Candidate::rank).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        assertThat(offer.candidates()).extracting(Candidate::etaToPickupSeconds).isSorted();
        assertThat(offer.riderId()).isEqualTo(id("rider-0"));
    }

    @Test
    void a_rider_with_a_stale_position_or_at_max_active_is_not_eligible() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(near, east(100), 0)).given(riderOn(far, east(3000), 400));
        fixture.given(opened(id("held"), east(3000), 401), new Fact.Assigned(id("held"), far, true, at(402)));

        List<Decision> decisions = fixture.when(opened(delivery, east(0), 401));

        assertThat(decisions)
                .singleElement()
                .isInstanceOfSatisfying(
                        Decision.NoRider.class,
                        noRider -> assertThat(noRider.reason()).isEqualTo(QueueReason.NO_RIDER_IN_RADIUS));
        assertThat(fixture.core.rider(near).orElseThrow().eligible()).isFalse();
    }
}
