package io.dispatch.command.eventstore;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.command.dispatch.domain.Dispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.RiderCapacity;
import io.dispatch.command.dispatch.domain.SandboxLine;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.stream.Stream;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.EventStreamUtils;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.axonframework.serialization.upcasting.event.NoOpEventUpcaster;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

/** A DispatchCreated the event store kept before v2 still loads, and loads as v2. */
class StoredDispatchCreatedUpcasterTest {

    private static final UUID ID = UUID.fromString("0b8f6d7e-2a4c-4c1e-9f3a-1d2e3f4a5b6c");
    private static final UUID MERCHANT = UUID.fromString("6a1f0c4e-7d2b-4e8a-b1c3-9d8e7f6a5b4c");
    private static final UUID RIDER = UUID.fromString("11111111-2222-4333-8444-555555555555");
    private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

    /** As Axon's Jackson serializer wrote the v1 record (a microsecond time, as a given target may have). */
    private static final String STORED_V1 = """
      {"dispatchId":"0b8f6d7e-2a4c-4c1e-9f3a-1d2e3f4a5b6c","merchantId":"6a1f0c4e-7d2b-4e8a-b1c3-9d8e7f6a5b4c",
       "occurredAt":"2026-11-21T09:00:00Z","actor":{"type":"merchant","id":"6a1f0c4e-7d2b-4e8a-b1c3-9d8e7f6a5b4c"},
       "externalId":"order-1","customerName":"Amina","customerPhone":"+254700000001",
       "pickup":{"address":"Kenyatta Ave 1, Nairobi","lat":-1.2841,"lng":36.8155,"notes":"gate B"},
       "dropoff":{"address":"Ngong Rd 12, Nairobi","lat":-1.3001,"lng":36.7833,"notes":null},
       "paymentType":"COD","amountCents":150000,"feeCents":25000,"currency":"KES",
       "targetPickupAt":"2026-11-21T09:30:00.000750Z","targetDeliveryAt":null,"zoneId":"nairobi-cbd",
       "source":"api","trackingToken":"tok","deliveryPin":"4821"}
      """;

    private final JacksonSerializer serializer = JacksonSerializer.builder()
            .objectMapper(new AxonStorageConfiguration().defaultAxonObjectMapper())
            .build();

    @Test
    void a_stored_v1_creation_loads_with_its_targets_in_seconds_derived() {
        assertThat(load(STORED_V1, new StoredDispatchCreatedUpcaster())).isEqualTo(expected(1800L));
    }

    @Test
    void a_stored_v2_creation_loads_unchanged() {
        String storedV2 =
                new String(serializer.serialize(expected(1799L), byte[].class).getData(), StandardCharsets.UTF_8);

        assertThat(load(storedV2, new StoredDispatchCreatedUpcaster())).isEqualTo(expected(1799L));
    }

    @Test
    void without_the_upcaster_a_stored_v1_creation_still_loads_with_null_targets() {
        assertThat(load(STORED_V1, NoOpEventUpcaster.INSTANCE)).isEqualTo(expected(null));
    }

    @Test
    void a_delivery_created_before_v2_is_rehydrated_and_takes_commands() {
        AggregateTestFixture<Dispatch> fixture = new AggregateTestFixture<>(Dispatch.class);
        fixture.registerInjectableResource(Clock.fixed(NOW, ZoneOffset.UTC));
        fixture.registerInjectableResource((SandboxLine) (merchant, rider) -> true);
        fixture.registerInjectableResource((RiderCapacity) rider -> true);

        fixture.given(load(STORED_V1, new StoredDispatchCreatedUpcaster()))
                .when(new AssignRider(ID, RIDER, Actor.rider(RIDER)))
                .expectEvents(new RiderAssigned(ID, MERCHANT, NOW, Actor.rider(RIDER), RIDER, null))
                .expectResultMessagePayload(1L);
    }

    private DispatchCreated load(String storedPayload, EventUpcaster upcaster) {
        var row = new GenericDomainEventEntry<>(
                "Dispatch",
                ID.toString(),
                0,
                UUID.randomUUID().toString(),
                "2026-11-21T09:00:00Z",
                DispatchCreated.class.getName(),
                null,
                storedPayload.getBytes(StandardCharsets.UTF_8),
                "{}".getBytes(StandardCharsets.UTF_8));
        return (DispatchCreated) EventStreamUtils.upcastAndDeserializeDomainEvents(Stream.of(row), serializer, upcaster)
                .next()
                .getPayload();
    }

    private static DispatchCreated expected(Long pickupSeconds) {
        return new DispatchCreated(
                ID,
                MERCHANT,
                Instant.parse("2026-11-21T09:00:00Z"),
                Actor.merchant(MERCHANT),
                new DispatchOrder(
                        "order-1",
                        "Amina",
                        "+254700000001",
                        new Stop("Kenyatta Ave 1, Nairobi", -1.2841, 36.8155, "gate B"),
                        new Stop("Ngong Rd 12, Nairobi", -1.3001, 36.7833, null),
                        PaymentType.COD,
                        150000,
                        "KES",
                        Instant.parse("2026-11-21T09:30:00.000750Z"),
                        null),
                25000,
                pickupSeconds,
                null,
                "nairobi-cbd",
                Source.API,
                "tok",
                "4821",
                null);
    }
}
