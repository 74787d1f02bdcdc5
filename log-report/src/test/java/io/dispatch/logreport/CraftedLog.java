package io.dispatch.logreport;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.codec.EventCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * A small log with one of everything the report looks for, as Kafka records and as event-store
 * rows. Times are minutes after {@link #T0}; entries are in time order. The expected figures are
 * worked out by hand in the tests that read it.
 *
 * <pre>
 * D1 (A) created 0 (targets 30/60), assigned 5, picked up 20, en route 21, location 30, delivered 50
 * D2 (A) created 1 (targets 31/61), assigned 2, picked up 41 (10 min late), en route 42, delivered 71 (10 min late)
 * D3 (B) created 2, cancelled 3
 * D4 (B) created 3 (targets 33/63), assigned 4, picked up 10, en route 11, delivered 40, location 45: after DELIVERED
 * D5 (A) created 4, assigned 5, [sequence 2 missing], picked up 12, en route 13: a gap
 * D6 (B) created 5, picked up 6: not allowed from NEW, failed 7
 * D7 (A) created 6, assigned 7, the same assigned again (Kafka only: the store's unique key refuses it),
 *        dispatch.teleported at 8: an unknown type
 * D8 (B) created 7, dispatch.cancelled v9 at 8: a future version
 * one entry at 9 that is not JSON at all
 * </pre>
 */
final class CraftedLog {

    static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");
    static final UUID MERCHANT_A = UUID.fromString("aaaaaaaa-0000-4000-8000-000000000001");
    static final UUID MERCHANT_B = UUID.fromString("bbbbbbbb-0000-4000-8000-000000000002");
    static final UUID D1 = id(1), D2 = id(2), D3 = id(3), D4 = id(4), D5 = id(5), D6 = id(6), D7 = id(7), D8 = id(8);
    static final UUID RIDER = UUID.fromString("cccccccc-0000-4000-8000-000000000003");
    private static final DateTimeFormatter AXON_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    /** Configured as command-service's defaultAxonObjectMapper: what the event store's payloads are. */
    static final ObjectMapper AXON_JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    /**
     * One entry: Kafka key and value, and the event-store row it would be (null: only on Kafka).
     */
    record Entry(Instant at, String key, byte[] value, Row row) {}

    record Row(
            String aggregateIdentifier,
            long sequenceNumber,
            String eventIdentifier,
            String payloadType,
            String payloadRevision,
            byte[] payload,
            String timeStamp) {}

    static List<Entry> entries() {
        List<Entry> log = new ArrayList<>();
        lifecycle(log, D1, MERCHANT_A, 0, "assigned 5", "picked 20", "departed 21", "location 30", "delivered 50");
        lifecycle(log, D2, MERCHANT_A, 1, "assigned 2", "picked 41", "departed 42", "delivered 71");
        lifecycle(log, D3, MERCHANT_B, 2, "cancelled 3");
        lifecycle(log, D4, MERCHANT_B, 3, "assigned 4", "picked 10", "departed 11", "delivered 40", "location 45");
        lifecycle(log, D5, MERCHANT_A, 4, "assigned 5", "skip", "picked 12", "departed 13");
        lifecycle(log, D6, MERCHANT_B, 5, "picked 6", "failed 7");
        EventEnvelope assigned = lifecycle(log, D7, MERCHANT_A, 6, "assigned 7");
        log.add(new Entry(at(7), D7.toString(), EventCodec.standard().encode(assigned), null));
        log.add(unknownType(D7, MERCHANT_A, 2, at(8)));
        lifecycle(log, D8, MERCHANT_B, 7);
        log.add(futureVersion(D8, MERCHANT_B, 1, at(8)));
        byte[] garbage = "this is not JSON".getBytes(StandardCharsets.UTF_8);
        log.add(new Entry(
                at(9),
                "garbage",
                garbage,
                new Row(
                        id(99).toString(),
                        0,
                        UUID.randomUUID().toString(),
                        DispatchCreated.class.getName(),
                        null,
                        garbage,
                        axonTime(at(9)))));
        log.sort(Comparator.comparing(Entry::at));
        return log;
    }

    /** Creation at {@code createdAt} minutes with targets 30 and 60 minutes later, then each "step minute". */
    private static EventEnvelope lifecycle(
            List<Entry> log, UUID dispatch, UUID merchant, int createdAt, String... steps) {
        Instant created = at(createdAt);
        EventEnvelope last = add(
                log,
                0,
                new DispatchCreated(
                        dispatch,
                        merchant,
                        created,
                        Actor.merchant(merchant),
                        new DispatchOrder(
                                "order-" + dispatch.toString().substring(34),
                                "Amina Njeri",
                                "+254700000001",
                                new Stop("Kenyatta Ave 1", -1.2841, 36.8219, null),
                                new Stop("Ngong Rd 12", -1.3001, 36.7833, null),
                                PaymentType.PREPAID,
                                0,
                                "KES",
                                created.plusSeconds(30 * 60),
                                created.plusSeconds(60 * 60)),
                        25000,
                        DispatchCreated.secondsFromCreation(created, created.plusSeconds(30 * 60)),
                        DispatchCreated.secondsFromCreation(created, created.plusSeconds(60 * 60)),
                        "nairobi-cbd",
                        Source.API,
                        "tok-" + dispatch,
                        "1234",
                        null));
        long sequence = 1;
        for (String step : steps) {
            if (step.equals("skip")) {
                sequence++;
                continue;
            }
            String[] parts = step.split(" ");
            Instant t = at(Integer.parseInt(parts[1]));
            Actor rider = Actor.rider(RIDER);
            DispatchEvent event = switch (parts[0]) {
                case "assigned" -> new RiderAssigned(dispatch, merchant, t, rider, RIDER, null);
                case "picked" -> new DispatchPickedUp(dispatch, merchant, t, rider, RIDER);
                case "departed" -> new DispatchDeparted(dispatch, merchant, t, rider, RIDER);
                case "location" -> new RiderLocationUpdated(dispatch, merchant, t, rider, RIDER, -1.29, 36.80, t);
                case "delivered" ->
                    new DispatchDelivered(
                            dispatch,
                            merchant,
                            t,
                            rider,
                            RIDER,
                            new ProofOfDelivery(ProofOfDelivery.ProofType.PIN, "Amina", t, null, null));
                case "failed" -> new DispatchFailed(dispatch, merchant, t, rider, FailureReason.REFUSED, "at the door");
                case "cancelled" ->
                    new DispatchCancelled(dispatch, merchant, t, Actor.merchant(merchant), "changed mind");
                default -> throw new IllegalArgumentException(step);
            };
            last = add(log, sequence++, event);
        }
        return last;
    }

    private static EventEnvelope add(List<Entry> log, long sequence, DispatchEvent event) {
        EventEnvelope envelope = EventEnvelope.of(UUID.randomUUID(), sequence, event);
        log.add(stored(
                event.occurredAt(),
                event.dispatchId(),
                EventCodec.standard().encode(envelope),
                sequence,
                envelope.eventId(),
                event.getClass().getName(),
                null,
                axonJson(event)));
        return envelope;
    }

    /** An event of one delivery as Kafka carries it ({@code wire}) and as Axon stored it. */
    private static Entry stored(
            Instant t,
            UUID dispatch,
            byte[] wire,
            long sequence,
            UUID eventId,
            String payloadType,
            String payloadRevision,
            byte[] payload) {
        return new Entry(
                t,
                dispatch.toString(),
                wire,
                new Row(
                        dispatch.toString(),
                        sequence,
                        eventId.toString(),
                        payloadType,
                        payloadRevision,
                        payload,
                        axonTime(t)));
    }

    private static Entry unknownType(UUID dispatch, UUID merchant, long sequence, Instant t) {
        UUID eventId = UUID.randomUUID();
        ObjectNode wire = AXON_JSON
                .createObjectNode()
                .put("eventId", eventId.toString())
                .put("type", "dispatch.teleported")
                .put("version", 1)
                .put("dispatchId", dispatch.toString())
                .put("merchantId", merchant.toString())
                .put("sequence", sequence)
                .put("occurredAt", t.toString());
        wire.putObject("actor").put("type", "system").put("id", "dispatch");
        wire.putObject("data").put("to", "the moon");
        ObjectNode payload = AXON_JSON
                .createObjectNode()
                .put("dispatchId", dispatch.toString())
                .put("merchantId", merchant.toString())
                .put("occurredAt", t.toString())
                .put("to", "the moon");
        return stored(
                t,
                dispatch,
                bytes(wire),
                sequence,
                eventId,
                "io.dispatch.events.DispatchTeleported",
                null,
                bytes(payload));
    }

    private static Entry futureVersion(UUID dispatch, UUID merchant, long sequence, Instant t) {
        DispatchCancelled event = new DispatchCancelled(dispatch, merchant, t, Actor.merchant(merchant), "v9");
        EventEnvelope envelope = EventEnvelope.of(UUID.randomUUID(), sequence, event);
        try {
            ObjectNode wire =
                    (ObjectNode) AXON_JSON.readTree(EventCodec.standard().encode(envelope));
            wire.put("version", 9);
            return stored(
                    t,
                    dispatch,
                    bytes(wire),
                    sequence,
                    envelope.eventId(),
                    DispatchCancelled.class.getName(),
                    "9",
                    axonJson(event));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Instant at(int minutes) {
        return T0.plusSeconds(minutes * 60L);
    }

    private static UUID id(int n) {
        return UUID.fromString(String.format("dddddddd-0000-4000-8000-%012d", n));
    }

    static byte[] axonJson(Object event) {
        return bytes(event);
    }

    static String axonTime(Instant t) {
        return AXON_TIME.format(t);
    }

    private static byte[] bytes(Object value) {
        try {
            return AXON_JSON.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
