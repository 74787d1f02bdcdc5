package io.dispatch.logreport;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.FailureReason;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.logreport.read.LogRecord;
import io.dispatch.policy.core.Point;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A crafted hour for log-report --scenario, period [T0, T0 + 1 h). Times are seconds after {@link #T0}; the expected
 * scenario and figures are worked out by hand in the tests that read it.
 *
 * <pre>
 * O1 RANKED nairobi-cbd v2, created 0, target 2400: offered R2 at 10 (45 s), declined 20; offered R1 at 20, accepted
 *    32, assigned R1 32, picked up 600, delivered 1500
 * O2 RANKED v2, created 60, target 3000: offered R1 at 70, accepted 78, assigned R1 78, picked up 650, delivered 1800
 * O3 RANKED v2, created 120, target 2400: offered R2 at 130, expired 175; offered R2 at 180, accepted 194, assigned R2
 *    194, picked up 700, failed 900
 * O4 no policy (default, MANUAL), created 200, pickup without coordinates: left out (assigned R2 at 210)
 * O5 AUTO_ASSIGN westlands v1, created 300, target 3600: auto-assigned R2 310, given back 320, cancelled 400
 * O6 RANKED v2, created 3500, target 3000: assigned R5 (an operator) 3700, picked up 3800, delivered 4200 (after to)
 * O7 created 3600 (= to) and O8 created -30: not the period's (R1 assigned O7 at 3610)
 * R1 fixes every 60 s from -120 to 1980 and from 2640 to 4440 (two runs) northwards on the meridian 36.80
 * R2 fixes every 60 s from 100 to 1000 on the meridian 36.82; R3 from 5000 to 5300 (after the last order's end);
 * R4 from -1000 to -400 (before the period); R5 has no fix
 * </pre>
 *
 * In the event store the fixes are dispatch.location_updated of one carrier delivery per rider, created at -1200 and
 * assigned to it (not the period's); on Kafka they are rider-positions records.
 */
final class ScenarioLog {

    static final Instant T0 = Instant.parse("2026-02-01T10:00:00Z");
    static final Instant TO = T0.plusSeconds(3600);
    static final UUID MERCHANT = UUID.fromString("aaaaaaaa-0000-4000-8000-00000000000a");
    static final UUID O1 = order(1), O2 = order(2), O3 = order(3), O4 = order(4), O5 = order(5), O6 = order(6);
    static final UUID O7 = order(7), O8 = order(8);
    static final UUID R1 = rider(1), R2 = rider(2), R3 = rider(3), R4 = rider(4), R5 = rider(5);
    static final Point PICKUP = new Point(-1.2841, 36.8219);
    static final Point DROPOFF = new Point(-1.3001, 36.7833);
    static final DecisionPolicy RANKED = new DecisionPolicy("nairobi-cbd", "RANKED", 2);
    static final DecisionPolicy AUTO = new DecisionPolicy("westlands", "AUTO_ASSIGN", 1);

    /** One fix of a rider, {@code at} seconds after {@link #T0}. */
    record Fix(UUID riderId, long at, Point point) {}

    private final List<EventEnvelope> events = new ArrayList<>();
    private final Map<UUID, Long> sequences = new HashMap<>();
    private final List<Fix> fixes = new ArrayList<>();

    static ScenarioLog crafted() {
        return crafted(false);
    }

    private static ScenarioLog crafted(boolean moves) {
        ScenarioLog log = new ScenarioLog();
        log.orders(moves);
        log.fixes();
        return log;
    }

    /**
     * The crafted hour, and BATCHED's improvement moving O2 (held by R1) to R2 at 100 s and back at 120 s, before its
     * pickup: an assignment moved is not a new one, so every recorded figure stays the crafted hour's.
     */
    static ScenarioLog craftedWithMoves() {
        return crafted(true);
    }

    private void moved(UUID order, UUID from, UUID to, long t) {
        add(new RiderAutoAssigned(order, MERCHANT, at(t), Actor.engine(), to, RANKED, List.of(), "batched: moved"));
        add(new RiderAssigned(order, MERCHANT, at(t), Actor.engine(), to, from));
    }

    private void orders(boolean moves) {
        created(O8, -30, RANKED, 2400, true);
        created(O1, 0, RANKED, 2400, true);
        offered(O1, R2, 10, 1);
        add(new OfferDeclined(O1, MERCHANT, at(20), Actor.rider(R2), offer(O1, 1), R2, "busy"));
        offered(O1, R1, 20, 2);
        accepted(O1, R1, 32, 2);
        lifecycle(O1, R1, 600, 1500, true);
        created(O2, 60, RANKED, 3000, true);
        offered(O2, R1, 70, 1);
        accepted(O2, R1, 78, 1);
        if (moves) {
            moved(O2, R1, R2, 100);
            moved(O2, R2, R1, 120);
        }
        lifecycle(O2, R1, 650, 1800, true);
        created(O3, 120, RANKED, 2400, true);
        offered(O3, R2, 130, 1);
        add(new OfferExpired(O3, MERCHANT, at(175), Actor.engine(), offer(O3, 1), R2));
        offered(O3, R2, 180, 2);
        accepted(O3, R2, 194, 2);
        lifecycle(O3, R2, 700, 900, false);
        created(O4, 200, null, 2400, false);
        add(new RiderAssigned(O4, MERCHANT, at(210), Actor.rider(R2), R2, null));
        created(O5, 300, AUTO, 3600, true);
        add(new RiderAutoAssigned(O5, MERCHANT, at(310), Actor.engine(), R2, AUTO, List.of(), "nearest"));
        add(new RiderAssigned(O5, MERCHANT, at(310), Actor.engine(), R2, null));
        add(new RiderUnassigned(O5, MERCHANT, at(320), Actor.rider(R2), R2, "too far"));
        add(new DispatchCancelled(O5, MERCHANT, at(400), Actor.merchant(MERCHANT), "changed mind"));
        created(O6, 3500, RANKED, 3000, true);
        add(new RiderAssigned(O6, MERCHANT, at(3700), Actor.operator("ops-1"), R5, null));
        lifecycle(O6, R5, 3800, 4200, true);
        created(O7, 3600, RANKED, 2400, true);
        add(new RiderAssigned(O7, MERCHANT, at(3610), Actor.rider(R1), R1, null));
    }

    private void fixes() {
        for (long t = -120; t <= 1980; t += 60) {
            fixes.add(new Fix(R1, t, r1At(t)));
        }
        for (long t = 2640; t <= 4440; t += 60) {
            fixes.add(new Fix(R1, t, r1At(t)));
        }
        for (long t = 100; t <= 1000; t += 60) {
            fixes.add(new Fix(R2, t, r2At(t)));
        }
        for (long t = 5000; t <= 5300; t += 60) {
            fixes.add(new Fix(R3, t, new Point(-1.25, 36.85)));
        }
        for (long t = -1000; t <= -400; t += 60) {
            fixes.add(new Fix(R4, t, new Point(-1.24, 36.86)));
        }
    }

    /** R1 rides north on the meridian 36.80, 0.001 degrees a minute. */
    static Point r1At(long t) {
        return new Point(-1.30 + 0.001 * (t / 60.0), 36.80);
    }

    /** R2 rides south on the meridian 36.82, 0.0005 degrees a minute. */
    static Point r2At(long t) {
        return new Point(-1.28 - 0.0005 * (t / 60.0), 36.82);
    }

    /** Every event in time order (each delivery's in its sequence). */
    List<EventEnvelope> events() {
        List<EventEnvelope> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparing(EventEnvelope::occurredAt));
        return sorted;
    }

    List<LogRecord> records() {
        List<LogRecord> records = new ArrayList<>();
        List<EventEnvelope> sorted = events();
        for (int i = 0; i < sorted.size(); i++) {
            records.add(new LogRecord.Event(Integer.toString(i), sorted.get(i)));
        }
        return records;
    }

    List<RiderPositionReported> positions() {
        return fixes.stream()
                .sorted(Comparator.comparingLong(Fix::at))
                .map(fix -> new RiderPositionReported(
                        fix.riderId(),
                        fix.point().lat(),
                        fix.point().lng(),
                        at(fix.at()),
                        at(fix.at()).plusMillis(300),
                        List.of()))
                .toList();
    }

    /** The event-store rows: the events, and the fixes as location events of one carrier delivery per rider. */
    List<CraftedLog.Entry> storeRows() {
        ScenarioLog carriers = new ScenarioLog();
        for (UUID rider : List.of(R1, R2, R3, R4)) {
            UUID carrier = carrier(rider);
            carriers.created(carrier, -1200, RANKED, 2400, true);
            carriers.add(new RiderAssigned(carrier, MERCHANT, at(-1190), Actor.rider(rider), rider, null));
            fixes.stream()
                    .filter(fix -> fix.riderId().equals(rider))
                    .sorted(Comparator.comparingLong(Fix::at))
                    .forEach(fix -> carriers.add(new RiderLocationUpdated(
                            carrier,
                            MERCHANT,
                            at(fix.at()),
                            Actor.rider(rider),
                            rider,
                            fix.point().lat(),
                            fix.point().lng(),
                            at(fix.at()))));
        }
        List<EventEnvelope> all = new ArrayList<>(events);
        all.addAll(carriers.events);
        all.sort(Comparator.comparing(EventEnvelope::occurredAt));
        return all.stream().map(ScenarioLog::row).toList();
    }

    /** The events as Kafka records of dispatch-events: key the delivery, value the wire format. */
    List<CraftedLog.Entry> kafkaEvents() {
        return events().stream()
                .map(envelope -> new CraftedLog.Entry(
                        envelope.occurredAt(),
                        envelope.dispatchId().toString(),
                        EventCodec.standard().encode(envelope),
                        null))
                .toList();
    }

    private static CraftedLog.Entry row(EventEnvelope envelope) {
        DispatchEvent event = envelope.event();
        return new CraftedLog.Entry(
                event.occurredAt(),
                envelope.dispatchId().toString(),
                null,
                new CraftedLog.Row(
                        envelope.dispatchId().toString(),
                        envelope.sequence(),
                        envelope.eventId().toString(),
                        event.getClass().getName(),
                        null,
                        CraftedLog.axonJson(event),
                        CraftedLog.axonTime(event.occurredAt())));
    }

    private void created(UUID id, long t, DecisionPolicy policy, long targetSeconds, boolean coordinates) {
        Instant created = at(t);
        Stop pickup = coordinates
                ? new Stop("Kenyatta Ave 1", PICKUP.lat(), PICKUP.lng(), null)
                : new Stop("Kenyatta Ave 1", null, null, null);
        add(new DispatchCreated(
                id,
                MERCHANT,
                created,
                Actor.merchant(MERCHANT),
                new DispatchOrder(
                        "order-" + id.toString().substring(30),
                        "Amina Njeri",
                        "+254700000001",
                        pickup,
                        new Stop("Ngong Rd 12", DROPOFF.lat(), DROPOFF.lng(), null),
                        PaymentType.PREPAID,
                        0,
                        "KES",
                        created.plusSeconds(targetSeconds / 2),
                        created.plusSeconds(targetSeconds)),
                25000,
                targetSeconds / 2,
                targetSeconds,
                "nairobi-cbd",
                Source.API,
                "tok-" + id,
                "1234",
                policy));
    }

    private void offered(UUID order, UUID rider, long t, int number) {
        add(new DispatchOffered(
                order,
                MERCHANT,
                at(t),
                Actor.engine(),
                offer(order, number),
                rider,
                at(t + 45),
                RANKED,
                List.of(),
                "ranked"));
    }

    private void accepted(UUID order, UUID rider, long t, int number) {
        add(new OfferAccepted(order, MERCHANT, at(t), Actor.rider(rider), offer(order, number), rider));
        add(new RiderAssigned(order, MERCHANT, at(t), Actor.rider(rider), rider, null));
    }

    /** Picked up, en route a second later, then delivered (or failed). */
    private void lifecycle(UUID order, UUID rider, long pickedUp, long end, boolean delivered) {
        add(new DispatchPickedUp(order, MERCHANT, at(pickedUp), Actor.rider(rider), rider));
        add(new DispatchDeparted(order, MERCHANT, at(pickedUp + 1), Actor.rider(rider), rider));
        add(
                delivered
                        ? new DispatchDelivered(
                                order,
                                MERCHANT,
                                at(end),
                                Actor.rider(rider),
                                rider,
                                new ProofOfDelivery(ProofOfDelivery.ProofType.PIN, "Amina", at(end), null, null))
                        : new DispatchFailed(
                                order, MERCHANT, at(end), Actor.rider(rider), FailureReason.REFUSED, "refused"));
    }

    private void add(DispatchEvent event) {
        long sequence = sequences.merge(event.dispatchId(), 1L, Long::sum) - 1;
        events.add(EventEnvelope.of(UUID.randomUUID(), sequence, event));
    }

    static Instant at(long seconds) {
        return T0.plusSeconds(seconds);
    }

    private static UUID offer(UUID order, int number) {
        return UUID.nameUUIDFromBytes((order + "/" + number).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static UUID carrier(UUID rider) {
        return UUID.nameUUIDFromBytes(("carrier/" + rider).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static UUID order(int n) {
        return UUID.fromString(String.format("eeeeeeee-0000-4000-8000-%012d", n));
    }

    private static UUID rider(int n) {
        return UUID.fromString(String.format("cccccccc-0000-4000-8000-%012d", n));
    }
}
