package io.dispatch.command.eventstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dispatch.command.CommandServiceIntegrationTest;
import io.dispatch.command.DispatchEventsTopic;
import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A delivery whose creation the event store kept in the v1 shape (a row written before v2, put
 * there by hand) takes commands, and is published as v2 with its targets in seconds derived.
 */
class StoredV1CreationTest extends CommandServiceIntegrationTest {

    @Autowired
    DataSource dataSource;

    @Autowired
    CommandGateway commands;

    @Test
    void a_creation_stored_before_v2_loads_and_is_published_as_v2() throws SQLException {
        UUID id = UUID.randomUUID();
        UUID merchant = UUID.randomUUID();
        UUID rider = UUID.randomUUID();
        insertV1Creation(id, merchant);

        Long sequence = commands.sendAndWait(new AssignRider(id, rider, Actor.rider(rider)));
        assertThat(sequence).isEqualTo(1L);

        List<EventEnvelope> seen = new CopyOnWriteArrayList<>();
        try (KafkaConsumer<String, EventEnvelope> consumer = DispatchEventsTopic.subscribe()) {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                DispatchEventsTopic.poll(consumer, seen, id, Duration.ofMillis(200));
                assertThat(seen).hasSize(2);
            });
        }
        EventEnvelope created = seen.getFirst();
        assertThat(created.version()).isEqualTo(EventType.DISPATCH_CREATED.version());
        DispatchCreated event = (DispatchCreated) created.event();
        assertThat(event.targetPickupSeconds()).isEqualTo(1800);
        assertThat(event.targetDeliverySeconds()).isEqualTo(3600);
    }

    private void insertV1Creation(UUID id, UUID merchant) throws SQLException {
        String payload = """
        {"dispatchId":"%1$s","merchantId":"%2$s","occurredAt":"2026-11-21T09:00:00Z",
         "actor":{"type":"merchant","id":"%2$s"},"externalId":null,"customerName":"Amina",
         "customerPhone":"+254700000001","pickup":{"address":"A","lat":null,"lng":null,"notes":null},
         "dropoff":{"address":"B","lat":null,"lng":null,"notes":null},"paymentType":"PREPAID","amountCents":0,
         "feeCents":25000,"currency":"KES","targetPickupAt":"2026-11-21T09:30:00Z",
         "targetDeliveryAt":"2026-11-21T10:00:00Z","zoneId":"nairobi-cbd","source":"api",
         "trackingToken":"tok-%1$s","deliveryPin":"1234"}
        """.formatted(id, merchant);
        try (Connection connection = dataSource.getConnection();
                PreparedStatement insert = connection.prepareStatement("""
            insert into command.domain_event_entry (aggregateIdentifier, sequenceNumber, type, eventIdentifier,
              metaData, payload, payloadRevision, payloadType, timeStamp)
            values (?, 0, 'Dispatch', ?, ?, ?, null, ?, '2026-11-21T09:00:00Z')""")) {
            insert.setString(1, id.toString());
            insert.setString(2, UUID.randomUUID().toString());
            insert.setBytes(3, "{}".getBytes(StandardCharsets.UTF_8));
            insert.setBytes(4, payload.getBytes(StandardCharsets.UTF_8));
            insert.setString(5, DispatchCreated.class.getName());
            insert.executeUpdate();
        }
    }
}
