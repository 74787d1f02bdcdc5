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

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RankedRulesTest {

    final UUID delivery = id("delivery-1");
    final UUID near = id("rider-near");
    final UUID middle = id("rider-middle");
    final UUID far = id("rider-far");

    CoreFixture threeRiders() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(far, east(3000), 0));
        fixture.given(riderOn(near, east(500), 0));
        fixture.given(riderOn(middle, east(1500), 0));
        return fixture;
    }

    @Test
    void a_new_delivery_is_offered_to_the_nearest_eligible_rider_alone_with_its_inputs() {
        CoreFixture fixture = threeRiders();

        Decision.Offer offer = onlyOffer(fixture.when(opened(delivery, east(0), 10)));

        assertThat(offer.riderId()).isEqualTo(near);
        assertThat(offer.expiresAt()).isEqualTo(at(40));
        assertThat(offer.policy()).isEqualTo(new PolicyRef("default", Mode.RANKED, 3));
        assertThat(offer.rule()).isEqualTo(Matching.RULE_BEST_RIDER);
        assertThat(offer.candidates()).extracting(Candidate::riderId).containsExactly(near, middle, far);
        assertThat(offer.candidates()).extracting(Candidate::rank).containsExactly(1, 2, 3);
        assertThat(offer.candidates().getFirst().distanceMeters()).isBetween(495L, 505L);
        // 500 m at 18 km/h is 100 s
        assertThat(offer.candidates().getFirst().etaToPickupSeconds()).isEqualTo(100);
    }

    @Test
    void a_decline_sends_the_offer_to_the_next_rider_and_never_back_to_the_one_who_declined() {
        CoreFixture fixture = threeRiders();
        Decision.Offer first = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        fixture.given(made(first, 11));

        Decision.Offer second = onlyOffer(fixture.when(ended(first, OfferOutcome.DECLINED, 15)));
        fixture.given(made(second, 16));
        Decision.Offer third = onlyOffer(fixture.when(ended(second, OfferOutcome.DECLINED, 20)));

        assertThat(second.riderId()).isEqualTo(middle);
        assertThat(third.riderId()).isEqualTo(far);
        assertThat(second.candidates()).extracting(Candidate::riderId).doesNotContain(near);
    }

    @Test
    void an_offer_expires_on_the_first_tick_after_its_time_once_and_then_goes_to_the_next_rider() {
        CoreFixture fixture = threeRiders();
        Decision.Offer first = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        fixture.given(made(first, 11));

        assertThat(fixture.whenTick(at(39))).isEmpty();
        assertThat(fixture.core.nextDueAt()).contains(at(40));
        assertThat(fixture.whenTick(at(41))).containsExactly(new Decision.Expire(delivery, first.offerId(), near));
        assertThat(fixture.whenTick(at(42))).isEmpty();
        Decision.Offer next = onlyOffer(fixture.when(ended(first, OfferOutcome.EXPIRED, 42)));

        assertThat(next.riderId()).isEqualTo(middle);
    }

    @Test
    void an_offer_that_expired_while_the_engine_was_down_expires_once_when_a_fresh_core_replays_the_log() {
        CoreFixture before = threeRiders();
        Decision.Offer offer = onlyOffer(before.when(opened(delivery, east(0), 10)));
        before.given(made(offer, 11));

        CoreFixture restarted = new CoreFixture();
        restarted.given(before.history.toArray(Fact[]::new));
        List<Decision> first = restarted.whenTick(at(3600));
        List<Decision> second = restarted.whenTick(at(3601));

        assertThat(first).containsExactly(new Decision.Expire(delivery, offer.offerId(), near));
        assertThat(second).isEmpty();
    }

    @Test
    void after_max_offers_the_operator_queue_fallback_parks_the_delivery_with_offers_exhausted() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED, 2, Fallback.OPERATOR_QUEUE);
        fixture.given(riderOn(near, east(500), 0)).given(riderOn(middle, east(1500), 0));
        fixture.given(riderOn(far, east(3000), 0));
        Decision.Offer first = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        fixture.given(made(first, 11));
        Decision.Offer second = onlyOffer(fixture.when(ended(first, OfferOutcome.DECLINED, 12)));
        fixture.given(made(second, 13));

        List<Decision> decisions = fixture.when(ended(second, OfferOutcome.DECLINED, 14));
        fixture.given(new Fact.NoRiderNoted(delivery, QueueReason.OFFERS_EXHAUSTED, at(15)));
        List<Decision> afterNewRider = fixture.whenAll(riderOn(id("newcomer"), east(100), 20));

        assertThat(decisions).singleElement().isInstanceOfSatisfying(Decision.NoRider.class, noRider -> {
            assertThat(noRider.reason()).isEqualTo(QueueReason.OFFERS_EXHAUSTED);
            assertThat(noRider.candidates()).extracting(Candidate::riderId).containsExactly(far);
        });
        assertThat(afterNewRider).isEmpty();
        assertThat(fixture.core.waitingDeliveries()).singleElement().satisfies(waiting -> {
            assertThat(waiting.reason()).isEqualTo(QueueReason.OFFERS_EXHAUSTED);
            assertThat(waiting.offersMade()).isEqualTo(2);
        });
    }

    @Test
    void after_max_offers_the_broadcast_fallback_offers_to_every_eligible_rider_not_excluded() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED, 1, Fallback.BROADCAST);
        fixture.given(riderOn(near, east(500), 0)).given(riderOn(middle, east(1500), 0));
        fixture.given(riderOn(far, east(3000), 0));
        Decision.Offer first = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        fixture.given(made(first, 11));

        List<Decision> decisions = fixture.when(ended(first, OfferOutcome.DECLINED, 12));

        assertThat(decisions)
                .hasSize(2)
                .allSatisfy(decision -> assertThat(decision)
                        .isInstanceOfSatisfying(
                                Decision.Offer.class,
                                offer -> assertThat(offer.rule()).isEqualTo(Broadcasting.RULE_FALLBACK_BROADCAST)));
        assertThat(decisions)
                .extracting(Decision.Offer.class::cast)
                .extracting(Decision.Offer::riderId)
                .containsExactlyInAnyOrder(middle, far);
    }

    @Test
    void when_every_rider_in_radius_declined_the_operator_queue_fallback_says_all_declined() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(near, east(500), 0));
        Decision.Offer first = onlyOffer(fixture.when(opened(delivery, east(0), 10)));
        fixture.given(made(first, 11));

        List<Decision> decisions = fixture.when(ended(first, OfferOutcome.DECLINED, 12));

        assertThat(decisions)
                .singleElement()
                .isInstanceOfSatisfying(
                        Decision.NoRider.class,
                        noRider -> assertThat(noRider.reason()).isEqualTo(QueueReason.ALL_DECLINED));
    }
}
