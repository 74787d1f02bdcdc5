package io.dispatch.events.codec;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import io.dispatch.events.FailureReason;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.NotificationStatus;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.ProofOfDelivery.ProofType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import io.dispatch.events.WebhookAttemptRecorded;
import java.time.Instant;
import java.util.UUID;

/**
 * One fully populated sample per event type, matching the checked-in golden files. Fixed ids
 * and millisecond instants, so encode and decode are exact inverses.
 */
final class GoldenSamples {

    static final UUID DISPATCH = UUID.fromString("5b0a4c1e-7d2f-4c3a-9e8b-1f2d3c4b5a60");
    static final UUID MERCHANT = UUID.fromString("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0");
    static final UUID RIDER = UUID.fromString("7c6b5a49-3827-4165-9e8d-7c6b5a493827");
    static final UUID PREVIOUS_RIDER = UUID.fromString("3a2b1c0d-9e8f-47a6-b5c4-d3e2f1a0b9c8");
    static final UUID NOTIFICATION = UUID.fromString("b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e");
    static final UUID OFFER = UUID.fromString("9d8c7b6a-5f4e-4d3c-8b2a-1a0b9c8d7e6f");
    static final DecisionPolicy POLICY = new DecisionPolicy("nairobi-cbd", "RANKED", 3);
    static final java.util.List<DecisionCandidate> CANDIDATES = java.util.List.of(
            new DecisionCandidate(RIDER, 184, 920, 0, 1), new DecisionCandidate(PREVIOUS_RIDER, 412, 2055, 1, 2));
    static final Instant CREATED_AT = Instant.parse("2026-11-21T10:15:30.123Z");

    private GoldenSamples() {}

    static String fileName(EventType type) {
        return type.wireName() + ".v" + type.version() + ".json";
    }

    static EventEnvelope of(EventType type) {
        // An exhaustive switch: a new EventType does not compile here until it has a sample.
        return switch (type) {
            case DISPATCH_CREATED -> EventEnvelope.of(eventId(1), 0, created());
            case DISPATCH_ASSIGNED ->
                EventEnvelope.of(
                        eventId(2),
                        1,
                        new RiderAssigned(
                                DISPATCH,
                                MERCHANT,
                                at("10:20:00.000"),
                                Actor.operator("ops-amina"),
                                RIDER,
                                PREVIOUS_RIDER));
            case DISPATCH_PICKED_UP ->
                EventEnvelope.of(
                        eventId(3),
                        2,
                        new DispatchPickedUp(DISPATCH, MERCHANT, at("10:31:12.450"), Actor.rider(RIDER), RIDER));
            case DISPATCH_EN_ROUTE ->
                EventEnvelope.of(
                        eventId(4),
                        3,
                        new DispatchDeparted(DISPATCH, MERCHANT, at("10:33:05.001"), Actor.rider(RIDER), RIDER));
            case DISPATCH_DELIVERED ->
                EventEnvelope.of(
                        eventId(5),
                        5,
                        new DispatchDelivered(
                                DISPATCH,
                                MERCHANT,
                                at("11:02:47.999"),
                                Actor.rider(RIDER),
                                RIDER,
                                new ProofOfDelivery(
                                        ProofType.PHOTO,
                                        "Wanjiku Kamau",
                                        at("11:02:40.250"),
                                        "https://cdn.example.com/proof/5b0a4c1e.jpg",
                                        "https://cdn.example.com/signature/5b0a4c1e.png")));
            case DISPATCH_FAILED ->
                EventEnvelope.of(
                        eventId(6),
                        4,
                        new DispatchFailed(
                                DISPATCH,
                                MERCHANT,
                                at("10:58:00.010"),
                                Actor.rider(RIDER),
                                FailureReason.CUSTOMER_UNREACHABLE,
                                "Called three times, no answer at the gate"));
            case DISPATCH_CANCELLED ->
                EventEnvelope.of(
                        eventId(7),
                        1,
                        new DispatchCancelled(
                                DISPATCH,
                                MERCHANT,
                                at("10:16:02.500"),
                                Actor.merchant(MERCHANT),
                                "Customer changed their mind"));
            case DISPATCH_LOCATION_UPDATED ->
                EventEnvelope.of(
                        eventId(8),
                        4,
                        new RiderLocationUpdated(
                                DISPATCH,
                                MERCHANT,
                                at("10:40:21.300"),
                                Actor.rider(RIDER),
                                RIDER,
                                -1.2863891,
                                36.8172,
                                at("10:40:19.875")));
            case DISPATCH_PIN_REJECTED ->
                EventEnvelope.of(
                        eventId(11),
                        5,
                        new DeliveryPinRejected(
                                DISPATCH, MERCHANT, at("10:58:31.420"), Actor.rider(RIDER), RIDER, 5, true));
            case DISPATCH_PIN_RESET ->
                EventEnvelope.of(
                        eventId(12),
                        6,
                        new DeliveryPinReset(DISPATCH, MERCHANT, at("11:01:02.003"), Actor.operator("ops-amina"), 5));
            case DISPATCH_UNASSIGNED ->
                EventEnvelope.of(
                        eventId(13),
                        2,
                        new RiderUnassigned(
                                DISPATCH, MERCHANT, at("10:20:40.125"), Actor.rider(RIDER), RIDER, "Flat tyre"));
            case DISPATCH_OFFERED ->
                EventEnvelope.of(
                        eventId(14),
                        1,
                        new DispatchOffered(
                                DISPATCH,
                                MERCHANT,
                                at("10:15:31.004"),
                                Actor.system(),
                                OFFER,
                                RIDER,
                                at("10:16:01.004"),
                                POLICY,
                                CANDIDATES,
                                "RANKED: shortest time to pickup"));
            case DISPATCH_OFFER_ACCEPTED ->
                EventEnvelope.of(
                        eventId(15),
                        2,
                        new OfferAccepted(DISPATCH, MERCHANT, at("10:15:40.500"), Actor.rider(RIDER), OFFER, RIDER));
            case DISPATCH_OFFER_DECLINED ->
                EventEnvelope.of(
                        eventId(16),
                        2,
                        new OfferDeclined(
                                DISPATCH, MERCHANT, at("10:15:40.500"), Actor.rider(RIDER), OFFER, RIDER, "Too far"));
            case DISPATCH_OFFER_EXPIRED ->
                EventEnvelope.of(
                        eventId(17),
                        2,
                        new OfferExpired(DISPATCH, MERCHANT, at("10:16:01.020"), Actor.system(), OFFER, RIDER));
            case DISPATCH_OFFER_WITHDRAWN ->
                EventEnvelope.of(
                        eventId(18),
                        3,
                        new OfferWithdrawn(
                                DISPATCH,
                                MERCHANT,
                                at("10:15:50.000"),
                                Actor.operator("ops-amina"),
                                OFFER,
                                RIDER,
                                OfferWithdrawn.OPERATOR_ASSIGNED));
            case DISPATCH_AUTO_ASSIGNED ->
                EventEnvelope.of(
                        eventId(19),
                        1,
                        new RiderAutoAssigned(
                                DISPATCH,
                                MERCHANT,
                                at("10:15:31.004"),
                                Actor.system(),
                                RIDER,
                                new DecisionPolicy("nairobi-cbd", "AUTO_ASSIGN", 2),
                                CANDIDATES,
                                "AUTO_ASSIGN: shortest time to pickup"));
            case DISPATCH_NO_RIDER ->
                EventEnvelope.of(
                        eventId(20),
                        1,
                        new NoRiderFound(
                                DISPATCH,
                                MERCHANT,
                                at("10:15:31.004"),
                                Actor.system(),
                                "NO_RIDER_IN_RADIUS",
                                POLICY,
                                java.util.List.of()));
            case DISPATCH_PLANNED ->
                EventEnvelope.of(
                        eventId(21),
                        1,
                        new DeliveryPlanned(
                                DISPATCH,
                                MERCHANT,
                                at("10:15:31.004"),
                                Actor.system(),
                                RIDER,
                                at("10:24:10.000"),
                                at("10:41:45.000"),
                                DeliveryPlanned.INSERTED,
                                2,
                                4,
                                5,
                                312,
                                new DecisionPolicy("nairobi-cbd", "BATCHED", 4),
                                CANDIDATES));
            case DISPATCH_ETA_UPDATED ->
                EventEnvelope.of(
                        eventId(22),
                        5,
                        new EtaUpdated(
                                DISPATCH, MERCHANT, at("10:32:00.000"), Actor.system(), null, at("10:49:30.000")));
            case WEBHOOK_ATTEMPT_RECORDED ->
                EventEnvelope.of(
                        eventId(9),
                        3,
                        new WebhookAttemptRecorded(
                                DISPATCH,
                                MERCHANT,
                                at("10:16:45.600"),
                                Actor.system(),
                                NOTIFICATION,
                                "dispatch.created",
                                NotificationStatus.PENDING,
                                3,
                                503,
                                "HTTP 503 Service Unavailable",
                                at("10:17:05.600"),
                                at("10:15:30.200")));
        };
    }

    static DispatchCreated created() {
        return new DispatchCreated(
                DISPATCH,
                MERCHANT,
                CREATED_AT,
                Actor.merchant(MERCHANT),
                new DispatchOrder(
                        "ORD-10042",
                        "Wanjiku Kamau",
                        "+254 712 345 678",
                        new Stop("Kimathi Street 12, Nairobi", -1.2841, 36.8233, "Ask for Otieno at the counter"),
                        new Stop("Ngong Road 221, Apt 4B, Nairobi", -1.3001, 36.7807, "Blue gate, ring twice"),
                        PaymentType.COD,
                        250000,
                        "KES",
                        at("10:45:30.123"),
                        at("11:15:30.123")),
                24000,
                1800L,
                3600L,
                "nairobi-cbd",
                Source.API,
                "trk_Q2hvY29sYXRlQ2FrZUlzR29vZA",
                "4821",
                POLICY);
    }

    /** {@link #created()} as a v2 writer wrote it: no dispatching policy yet. */
    static EventEnvelope createdBeforePolicies() {
        DispatchCreated v3 = created();
        return EventEnvelope.of(
                eventId(1),
                0,
                new DispatchCreated(
                        v3.dispatchId(),
                        v3.merchantId(),
                        v3.occurredAt(),
                        v3.actor(),
                        v3.order(),
                        v3.feeCents(),
                        v3.targetPickupSeconds(),
                        v3.targetDeliverySeconds(),
                        v3.zoneId(),
                        v3.source(),
                        v3.trackingToken(),
                        v3.deliveryPin(),
                        null));
    }

    /** The same creation with every optional field null: shows the stable shape with explicit nulls. */
    static EventEnvelope createdWithOptionalsNull() {
        return EventEnvelope.of(
                eventId(10),
                0,
                new DispatchCreated(
                        DISPATCH,
                        MERCHANT,
                        CREATED_AT,
                        Actor.system(),
                        new DispatchOrder(
                                null,
                                "Wanjiku Kamau",
                                "+254712345678",
                                new Stop("Kimathi Street 12, Nairobi", null, null, null),
                                new Stop("Ngong Road 221, Nairobi", null, null, null),
                                PaymentType.PREPAID,
                                0,
                                "KES",
                                null,
                                null),
                        25000,
                        null,
                        null,
                        null,
                        Source.CSV,
                        "trk_U2Vjb25kU2FtcGxlVG9rZW4",
                        "0007",
                        null));
    }

    static UUID eventId(int n) {
        return UUID.fromString("9d1c6f2e-0000-4000-8000-%012d".formatted(n));
    }

    private static Instant at(String timeOfDay) {
        return Instant.parse("2026-11-21T" + timeOfDay + "Z");
    }
}
