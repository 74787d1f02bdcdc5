package io.dispatch.command.dispatch.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.dispatch.domain.CreateDispatchExample;
import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.command.dispatch.domain.DispatchOrder;
import io.dispatch.events.Actor;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Creation against the real event store: bulk is all or nothing; zone targets fill absent times. */
class DispatchCreationTest extends CommandServiceIntegrationTest {

    @Autowired
    DispatchCreation service;

    @Autowired
    DispatchHistory history;

    private final UUID merchant = UUID.randomUUID();

    /** Inside the seeded nairobi-cbd zone (targets 1800 s pickup, 3600 s delivery). */
    private static final Stop CBD = new Stop("Kenyatta Ave", -1.2841, 36.8219, null);

    private static final Stop WESTLANDS = new Stop("Westlands", -1.2676, 36.8108, null);

    private static DispatchOrder order(String externalId, Instant pickupBy, Instant deliverBy) {
        return new DispatchOrder(
                externalId,
                "Amina",
                "+254700000001",
                CBD,
                WESTLANDS,
                PaymentType.PREPAID,
                0,
                "KES",
                pickupBy,
                deliverBy);
    }

    @Test
    void a_bulk_creation_answers_every_delivery_in_request_order_and_stores_each() {
        List<DispatchOrder> orders = IntStream.range(0, 20)
                .mapToObj(i -> order("o-" + i, null, null))
                .toList();

        List<Written> written = service.createAll(merchant, orders, Source.API, Actor.merchant(merchant))
                .block();

        assertThat(written)
                .extracting(w -> w.view().externalId())
                .containsExactlyElementsOf(
                        IntStream.range(0, 20).mapToObj(i -> "o-" + i).toList());
        assertThat(written).allSatisfy(w -> {
            assertThat(w.published()).as("on Kafka before the answer").isNotNull();
            assertThat(history.current(w.view().dispatchId())).contains(w.view());
        });
    }

    @Test
    void when_one_creation_of_a_batch_fails_none_is_stored() {
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        // The third repeats the first id: its insert violates the event store's key, after two succeeded.
        List<CreateDispatch> batch = List.of(creation(first), creation(second), creation(first));

        assertThatThrownBy(() -> service.submitAll(batch, null)).isNotNull();

        assertThat(history.events(first)).isEmpty();
        assertThat(history.events(second)).isEmpty();
    }

    @Test
    void absent_targets_come_from_the_zone_and_given_ones_are_kept() {
        DispatchView derived = service.create(
                        merchant, order("derived", null, null), Source.API, Actor.merchant(merchant))
                .block()
                .view();
        assertThat(derived.zoneId()).isEqualTo("nairobi-cbd");
        assertThat(derived.targetPickupAt()).isEqualTo(derived.createdAt().plusSeconds(1800));
        assertThat(derived.targetDeliveryAt()).isEqualTo(derived.createdAt().plusSeconds(3600));

        Instant pickupBy = Instant.parse("2030-01-01T10:00:00Z");
        Instant deliverBy = Instant.parse("2030-01-01T12:00:00Z");
        DispatchView given = service.create(
                        merchant, order("given", pickupBy, deliverBy), Source.API, Actor.merchant(merchant))
                .block()
                .view();
        assertThat(given.targetPickupAt()).isEqualTo(pickupBy);
        assertThat(given.targetDeliveryAt()).isEqualTo(deliverBy);

        DispatchView onlyPickup = service.create(
                        merchant, order("only-pickup", pickupBy, null), Source.API, Actor.merchant(merchant))
                .block()
                .view();
        assertThat(onlyPickup.targetDeliveryAt())
                .as("never before the pickup target: the zone's gap between the two targets after it")
                .isEqualTo(pickupBy.plusSeconds(3600 - 1800));
    }

    private CreateDispatch creation(UUID id) {
        return CreateDispatchExample.prepaid(id, merchant, CBD, WESTLANDS);
    }
}
