package io.dispatch.policy.core;

import static io.dispatch.policy.core.CoreFixture.at;
import static io.dispatch.policy.core.CoreFixture.east;
import static io.dispatch.policy.core.CoreFixture.id;
import static io.dispatch.policy.core.CoreFixture.opened;
import static io.dispatch.policy.core.CoreFixture.riderOn;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OtherModesRulesTest {

    final UUID delivery = id("delivery-1");
    final UUID near = id("rider-near");
    final UUID far = id("rider-far");
    final UUID outside = id("rider-outside-radius");

    @Test
    void broadcast_offers_the_delivery_to_every_eligible_rider_within_the_radius_at_once() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.BROADCAST);
        fixture.given(riderOn(near, east(500), 0)).given(riderOn(far, east(4000), 0));
        fixture.given(riderOn(outside, east(6000), 0));

        List<Decision> decisions = fixture.when(opened(delivery, east(0), 10));

        assertThat(decisions)
                .extracting(Decision.Offer.class::cast)
                .extracting(Decision.Offer::riderId)
                .containsExactly(near, far);
        assertThat(decisions)
                .extracting(Decision.Offer.class::cast)
                .extracting(Decision.Offer::offerId)
                .doesNotHaveDuplicates();
    }

    @Test
    void auto_assign_assigns_the_best_rider_at_once_and_a_decline_moves_it_to_the_next() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.AUTO_ASSIGN);
        fixture.given(riderOn(far, east(3000), 0)).given(riderOn(near, east(500), 0));

        List<Decision> first = fixture.when(opened(delivery, east(0), 10));
        fixture.given(new Fact.Assigned(delivery, near, false, at(10)));
        List<Decision> afterDecline = fixture.when(new Fact.Unassigned(delivery, near, at(20)));

        assertThat(first).singleElement().isInstanceOfSatisfying(Decision.AutoAssign.class, assign -> {
            assertThat(assign.riderId()).isEqualTo(near);
            assertThat(assign.policy().mode()).isEqualTo(Mode.AUTO_ASSIGN);
        });
        assertThat(afterDecline)
                .singleElement()
                .isInstanceOfSatisfying(
                        Decision.AutoAssign.class,
                        assign -> assertThat(assign.riderId()).isEqualTo(far));
    }

    @Test
    void manual_deliveries_get_no_decisions_and_the_open_list_shows_them_nearest_first() {
        CoreFixture fixture = new CoreFixture();
        fixture.given(riderOn(near, east(0), 0));
        UUID farDelivery = id("delivery-far");

        List<Decision> decisions = fixture.whenAll(opened(farDelivery, east(2000), 5), opened(delivery, east(300), 6));

        assertThat(decisions).isEmpty();
        assertThat(fixture.core.openDeliveriesFor(near))
                .extracting(OpenDelivery::dispatchId)
                .containsExactly(delivery, farDelivery);
        assertThat(fixture.core.waitingDeliveries())
                .extracting(WaitingDelivery::reason)
                .containsOnly(QueueReason.MANUAL);
    }

    @Test
    void with_nobody_in_radius_the_core_says_so_once_and_offers_as_soon_as_a_rider_becomes_eligible() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        fixture.given(riderOn(outside, east(6000), 0));

        List<Decision> opening = fixture.when(opened(delivery, east(0), 10));
        List<Decision> anotherFact = fixture.when(opened(id("elsewhere"), east(5800), 11));
        fixture.given(new Fact.NoRiderNoted(delivery, QueueReason.NO_RIDER_IN_RADIUS, at(12)));
        List<Decision> afterTimeout = fixture.whenTick(at(60));
        List<Decision> riderArrives = fixture.whenAll(riderOn(near, east(200), 70));

        assertThat(opening).singleElement().isInstanceOfSatisfying(Decision.NoRider.class, noRider -> {
            assertThat(noRider.reason()).isEqualTo(QueueReason.NO_RIDER_IN_RADIUS);
            assertThat(noRider.candidates()).extracting(Candidate::riderId).containsExactly(outside);
        });
        assertThat(anotherFact).noneMatch(decision -> decision.dispatchId().equals(delivery));
        assertThat(afterTimeout).noneMatch(decision -> decision.dispatchId().equals(delivery));
        assertThat(riderArrives).singleElement().isInstanceOfSatisfying(Decision.Offer.class, offer -> {
            assertThat(offer.dispatchId()).isEqualTo(delivery);
            assertThat(offer.riderId()).isEqualTo(near);
        });
    }

    @Test
    void a_free_rider_gets_the_order_it_can_pick_up_soonest_rather_than_a_nearer_one_still_cooking() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.RANKED);
        UUID cooking = id("ready-in-20-minutes");
        UUID ready = id("ready-now");
        Instant soon = at(10 + 1200);
        fixture.given(new Fact.DeliveryOpened(cooking, at(10), "default", east(300), soon, false));
        fixture.given(new Fact.DeliveryOpened(ready, at(11), "default", east(-1500), at(11), false));

        List<Decision> decisions = fixture.whenAll(riderOn(near, east(0), 20));

        assertThat(decisions).singleElement().isInstanceOfSatisfying(Decision.Offer.class, offer -> {
            assertThat(offer.dispatchId()).isEqualTo(ready);
            assertThat(offer.rule()).isEqualTo(Matching.RULE_BEST_RIDER);
        });
    }
}
