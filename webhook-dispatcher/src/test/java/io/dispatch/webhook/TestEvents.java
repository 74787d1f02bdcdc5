package io.dispatch.webhook;

import io.dispatch.events.Actor;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.PaymentType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.Source;
import io.dispatch.events.Stop;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/** One delivery's events as command-service would publish them, sequence by sequence. */
final class TestEvents {

    final UUID dispatchId = UUID.randomUUID();
    final UUID merchantId;
    final UUID riderId = UUID.randomUUID();
    private final Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    private long sequence;

    TestEvents(UUID merchantId) {
        this.merchantId = merchantId;
    }

    EventEnvelope created() {
        return next(new DispatchCreated(
                dispatchId,
                merchantId,
                at(),
                Actor.merchant(merchantId),
                new DispatchOrder(
                        "order-" + dispatchId,
                        "Amina",
                        "+254700000001",
                        new Stop("Kenyatta Ave 1", -1.2841, 36.8219, null),
                        new Stop("Ngong Rd 12", -1.3001, 36.7833, "gate B"),
                        PaymentType.COD,
                        150000,
                        "KES",
                        null,
                        null),
                25000,
                null,
                null,
                "nairobi-cbd",
                Source.API,
                "tok-" + dispatchId,
                "1234",
                null));
    }

    EventEnvelope assigned() {
        return next(new RiderAssigned(dispatchId, merchantId, at(), Actor.operator("ops"), riderId, null));
    }

    /** The route planner's placement (a decision event), estimates as given (null: none). */
    EventEnvelope planned(String reason, Instant pickupAt, Instant deliveryAt) {
        return next(new DeliveryPlanned(
                dispatchId,
                merchantId,
                at(),
                Actor.system(),
                riderId,
                pickupAt,
                deliveryAt,
                reason,
                pickupAt == null ? null : 1,
                2,
                2,
                600,
                new DecisionPolicy("nairobi-cbd", "BATCHED", 1),
                List.of()));
    }

    EventEnvelope etaUpdated(Instant pickupAt, Instant deliveryAt) {
        return next(new EtaUpdated(dispatchId, merchantId, at(), Actor.system(), pickupAt, deliveryAt));
    }

    EventEnvelope moved(double latitude, double longitude) {
        Instant at = at();
        return next(new RiderLocationUpdated(
                dispatchId, merchantId, at, Actor.rider(riderId), riderId, latitude, longitude, at.minusSeconds(1)));
    }

    EventEnvelope pickedUp() {
        return next(new DispatchPickedUp(dispatchId, merchantId, at(), Actor.rider(riderId), riderId));
    }

    EventEnvelope departed() {
        return next(new DispatchDeparted(dispatchId, merchantId, at(), Actor.rider(riderId), riderId));
    }

    EventEnvelope pinRejected(int wrongGuesses, boolean locked) {
        return next(new DeliveryPinRejected(
                dispatchId, merchantId, at(), Actor.rider(riderId), riderId, wrongGuesses, locked));
    }

    EventEnvelope pinReset(int clearedGuesses) {
        return next(new DeliveryPinReset(dispatchId, merchantId, at(), Actor.operator("ops"), clearedGuesses));
    }

    EventEnvelope cancelled(String reason) {
        return next(new DispatchCancelled(dispatchId, merchantId, at(), Actor.merchant(merchantId), reason));
    }

    private Instant at() {
        return start.plusSeconds(sequence);
    }

    private EventEnvelope next(DispatchEvent event) {
        return EventEnvelope.of(UUID.randomUUID(), sequence++, event);
    }
}
