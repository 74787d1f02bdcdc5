package rebuild;

import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.NotificationStatus;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.WebhookAttemptRecorded;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.events.codec.RiderPositionCodec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Seeds whole delivery lifecycles straight onto the topics: per delivery 7 lifecycle events on
 * dispatch-events, 2 webhook attempt reports on webhook-attempts and 1 rider fix on rider-positions,
 * encoded as the services encode them.
 */
final class LifecycleSeeder {

    private LifecycleSeeder() {}

    /** Seeds {@code deliveries} lifecycles; returns the records written. */
    static long seed(String bootstrap, int deliveries) throws Exception {
        EventCodec codec = EventCodec.standard();
        RiderPositionCodec.Writer positions = new RiderPositionCodec.Writer();
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.LINGER_MS_CONFIG,
                20,
                ProducerConfig.BATCH_SIZE_CONFIG,
                512 * 1024,
                ProducerConfig.ACKS_CONFIG,
                "all");
        long events = 0;
        Instant t0 = Instant.parse("2026-11-01T08:00:00Z");
        try (var producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < deliveries; i++) {
                UUID id = UUID.randomUUID();
                UUID merchant = new UUID(0, i % 50);
                UUID rider = new UUID(1, i % 300);
                Instant at = t0.plusSeconds(i);
                String key = id.toString();
                List<EventEnvelope> lifecycle = List.of(
                        EventEnvelope.of(
                                UUID.randomUUID(),
                                0,
                                new DispatchCreated(
                                        id,
                                        merchant,
                                        at,
                                        Actor.merchant(merchant),
                                        "ext-" + i,
                                        "Amina Njeri",
                                        "+254700000001",
                                        new Stop("Kenyatta Ave 1", -1.2841, 36.8219, null),
                                        new Stop("Ngong Rd 12", -1.3001, 36.7833, "blue gate"),
                                        PaymentType.COD,
                                        150000,
                                        24000,
                                        "KES",
                                        at.plusSeconds(1800),
                                        at.plusSeconds(3600),
                                        "nairobi-cbd",
                                        Source.API,
                                        "trk_" + id,
                                        "4821")),
                        EventEnvelope.of(
                                UUID.randomUUID(),
                                1,
                                new RiderAssigned(id, merchant, at.plusSeconds(60), Actor.rider(rider), rider, null)),
                        EventEnvelope.of(
                                UUID.randomUUID(),
                                2,
                                new DispatchPickedUp(id, merchant, at.plusSeconds(600), Actor.rider(rider), rider)),
                        EventEnvelope.of(
                                UUID.randomUUID(),
                                3,
                                new DispatchDeparted(id, merchant, at.plusSeconds(660), Actor.rider(rider), rider)),
                        EventEnvelope.of(
                                UUID.randomUUID(),
                                4,
                                new RiderLocationUpdated(
                                        id,
                                        merchant,
                                        at.plusSeconds(900),
                                        Actor.rider(rider),
                                        rider,
                                        -1.29,
                                        36.80,
                                        at.plusSeconds(899))),
                        EventEnvelope.of(
                                UUID.randomUUID(),
                                5,
                                new RiderLocationUpdated(
                                        id,
                                        merchant,
                                        at.plusSeconds(1200),
                                        Actor.rider(rider),
                                        rider,
                                        -1.295,
                                        36.79,
                                        at.plusSeconds(1199))),
                        EventEnvelope.of(
                                UUID.randomUUID(),
                                6,
                                new DispatchDelivered(
                                        id,
                                        merchant,
                                        at.plusSeconds(1500),
                                        Actor.rider(rider),
                                        rider,
                                        new ProofOfDelivery(
                                                ProofOfDelivery.ProofType.SIGNATURE,
                                                "Baraka",
                                                at.plusSeconds(1500),
                                                null,
                                                "https://example.com/s.png"))));
                for (EventEnvelope envelope : lifecycle) {
                    producer.send(new ProducerRecord<>("dispatch-events", key, codec.encode(envelope)));
                }
                UUID notification = UUID.randomUUID();
                for (int revision = 1; revision <= 2; revision++) {
                    var attempt = new WebhookAttemptRecorded(
                            id,
                            merchant,
                            at.plusSeconds(61 + revision),
                            Actor.system(),
                            notification,
                            "dispatch.assigned",
                            revision == 1 ? NotificationStatus.PENDING : NotificationStatus.SUCCEEDED,
                            revision - 1,
                            revision == 1 ? null : 204,
                            null,
                            null,
                            at.plusSeconds(61));
                    producer.send(new ProducerRecord<>(
                            "webhook-attempts",
                            key,
                            codec.encode(EventEnvelope.of(UUID.randomUUID(), revision, attempt))));
                }
                producer.send(new ProducerRecord<>(
                        "rider-positions",
                        rider.toString(),
                        positions.serialize(
                                "rider-positions",
                                new RiderPositionReported(
                                        rider, -1.29, 36.80, at.plusSeconds(899), at.plusSeconds(900), List.of(id)))));
                events += lifecycle.size() + 3;
            }
            producer.flush();
        }
        return events;
    }
}
