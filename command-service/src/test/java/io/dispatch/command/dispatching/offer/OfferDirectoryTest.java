package io.dispatch.command.dispatching.offer;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.domain.DispatchOrder;
import io.dispatch.command.dispatch.domain.OfferCommands.OfferToRider;
import io.dispatch.command.dispatching.offer.OfferDirectory.Entry;
import io.dispatch.events.Actor;
import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.web.identity.RiderAccounts;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Which delivery an offer belongs to, against the real event store: the entry is written in the
 * transaction that appends the offer, so it is there as soon as the offer command has answered.
 */
class OfferDirectoryTest extends CommandServiceIntegrationTest {

    private static final Stop PICKUP = new Stop("Kenyatta Ave", -1.2841, 36.8219, null);
    private static final Stop DROPOFF = new Stop("Westlands", -1.2676, 36.8108, null);
    private static final DecisionPolicy RANKED = new DecisionPolicy("nairobi-cbd", "RANKED", 1);

    @Autowired
    OfferDirectory directory;

    @Autowired
    DispatchCreation dispatches;

    @Autowired
    RiderAccounts riders;

    @Autowired
    CommandGateway commands;

    private UUID created() {
        UUID merchant = UUID.randomUUID();
        DispatchOrder order = new DispatchOrder(
                null, "Amina", "+254700000001", PICKUP, DROPOFF, PaymentType.PREPAID, 0, "KES", null, null);
        return dispatches
                .create(merchant, order, Source.API, Actor.merchant(merchant))
                .block()
                .view()
                .dispatchId();
    }

    private void offer(UUID dispatchId, UUID offerId, UUID rider) {
        commands.sendAndWait(new OfferToRider(
                dispatchId,
                offerId,
                rider,
                Instant.now().plus(Duration.ofMinutes(1)),
                RANKED,
                List.of(new DecisionCandidate(rider, 120, 600, 0, 1)),
                "RANKED"));
    }

    @Test
    void an_offer_is_found_by_its_id_as_soon_as_it_is_made() {
        UUID dispatchId = created();
        UUID rider = riders.createRider("Offered", "+254700000030").id();
        UUID offerId = UUID.randomUUID();

        offer(dispatchId, offerId, rider);

        assertThat(directory.find(offerId)).contains(new Entry(dispatchId, rider));
    }

    @Test
    void each_offer_of_a_delivery_points_to_its_own_rider_and_a_repeated_offer_changes_nothing() {
        UUID dispatchId = created();
        UUID first = riders.createRider("First", "+254700000031").id();
        UUID second = riders.createRider("Second", "+254700000032").id();
        UUID firstOffer = UUID.randomUUID();
        UUID secondOffer = UUID.randomUUID();

        offer(dispatchId, firstOffer, first);
        offer(dispatchId, secondOffer, second);
        offer(dispatchId, firstOffer, first);

        assertThat(directory.find(firstOffer)).contains(new Entry(dispatchId, first));
        assertThat(directory.find(secondOffer)).contains(new Entry(dispatchId, second));
    }

    @Test
    void an_offer_never_made_is_not_found() {
        assertThat(directory.find(UUID.randomUUID())).isEmpty();
    }
}
