package io.dispatch.policy.core;

import static io.dispatch.policy.core.CoreFixture.at;
import static io.dispatch.policy.core.CoreFixture.east;
import static io.dispatch.policy.core.CoreFixture.id;
import static io.dispatch.policy.core.CoreFixture.insertion;
import static io.dispatch.policy.core.CoreFixture.riderOn;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * BATCHED when several deliveries wait for room on a route (ADR 0059): a rider who frees up takes the one it adds
 * least to beyond what the delivery costs anyway, not the one that opened first.
 */
class BatchedMatchingRulesTest {

    private final UUID amina = id("amina");
    private final UUID held = id("held");

    private static Fact.DeliveryOpened opened(UUID dispatchId, double pickupEast, double dropoffEast, long at) {
        return new Fact.DeliveryOpened(
                dispatchId, at(at), Policy.DEFAULT_ZONE, east(pickupEast), null, false, null, east(dropoffEast), null);
    }

    /** Amina (one bag) at the hub holds a delivery, so what opens next has to wait for her. */
    private CoreFixture aminaFull() {
        CoreFixture fixture = CoreFixture.withPolicy(Mode.BATCHED);
        fixture.given(riderOn(amina, east(0), 0, false, 1));
        Decision.AutoAssign first = insertion(fixture.when(opened(held, 50, 100, 10)));
        fixture.given(
                new Fact.Assigned(held, amina, false, at(11)),
                new Fact.Planned(held, amina, first.plan(), at(11)),
                new Fact.PickedUp(held, amina, at(20)));
        return fixture;
    }

    /** A delivery opened while nobody has room: the core notes that, and the log records it. */
    private static void waits(CoreFixture fixture, Fact.DeliveryOpened opened) {
        List<Decision> decisions = fixture.when(opened);
        assertThat(decisions)
                .singleElement()
                .isInstanceOfSatisfying(
                        Decision.NoRider.class,
                        none -> fixture.given(new Fact.NoRiderNoted(none.dispatchId(), none.reason(), opened.at())));
    }

    /** Two deliveries open while Amina is full, in this order; then she delivers hers: what the core decides. */
    private List<Decision> freedWhileWaiting(
            CoreFixture fixture, Fact.DeliveryOpened older, Fact.DeliveryOpened newer) {
        waits(fixture, older);
        waits(fixture, newer);
        return fixture.when(new Fact.Ended(held, at(200)));
    }

    private static List<Decision.AutoAssign> insertions(List<Decision> decisions) {
        return decisions.stream()
                .filter(Decision.AutoAssign.class::isInstance)
                .map(Decision.AutoAssign.class::cast)
                .toList();
    }

    @Test
    void a_rider_who_frees_up_takes_the_waiting_delivery_near_it_not_the_one_that_opened_first_across_the_zone() {
        CoreFixture fixture = aminaFull();
        UUID across = id("across");
        UUID near = id("near");

        List<Decision> decisions =
                freedWhileWaiting(fixture, opened(across, 4000, 4500, 30), opened(near, 300, 800, 40));

        assertThat(insertions(decisions)).singleElement().satisfies(assign -> {
            assertThat(assign.dispatchId()).isEqualTo(near);
            assertThat(assign.riderId()).isEqualTo(amina);
        });
    }

    @Test
    void a_long_ride_from_next_door_goes_before_a_short_ride_far_away_since_the_ride_is_the_same_for_any_rider() {
        CoreFixture fixture = aminaFull();
        UUID shortFarAway = id("short-far-away");
        UUID longNextDoor = id("long-next-door");

        List<Decision> decisions =
                freedWhileWaiting(fixture, opened(shortFarAway, 2000, 2300, 30), opened(longNextDoor, 300, 6000, 40));

        assertThat(insertion(decisions).dispatchId()).isEqualTo(longNextDoor);
    }

    @Test
    void the_delivery_left_waiting_goes_to_the_next_rider_who_frees_up() {
        CoreFixture fixture = aminaFull();
        UUID across = id("across");
        UUID near = id("near");
        Decision.AutoAssign nearOne =
                insertion(freedWhileWaiting(fixture, opened(across, 4000, 4500, 30), opened(near, 300, 800, 40)));
        fixture.given(
                new Fact.Assigned(near, amina, false, at(201)), new Fact.Planned(near, amina, nearOne.plan(), at(201)));
        UUID baraka = id("baraka");

        List<Decision> decisions = fixture.whenAll(riderOn(baraka, east(3500), 300, false, 1));

        assertThat(insertion(decisions).dispatchId()).isEqualTo(across);
        assertThat(insertion(decisions).riderId()).isEqualTo(baraka);
    }
}
