package io.dispatch.events;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A delivery was accepted (status NEW). Fee, zone, tracking token and PIN are fixed here.
 *
 * <p>Version 2 adds {@code targetPickupSeconds} and {@code targetDeliverySeconds}: the service
 * targets the delivery was given, in whole seconds from {@code occurredAt} to {@code
 * targetPickupAt} and {@code targetDeliveryAt}, null when that target time is null. They are
 * named after the zone settings that produce them ({@code targetPickupSeconds}, {@code
 * targetDeliverySeconds}), in the camelCase of the other data fields, so the audit and the log
 * report read a delivery's targets without re-deriving them. When the zone filled the target
 * times they equal the zone's targets; when the merchant gave a time, or a given pick-up-by time
 * pushed the deliver-by time later, they are the time the merchant's or derived target allows.
 * They are always {@link #secondsFromCreation} of the target times, never a second source of
 * truth, so a v1 event upcast to v2 reads exactly like the same event written as v2.
 *
 * <p>Version 3 adds {@code dispatchPolicy}: the dispatching policy of the pickup zone when the
 * delivery was created (decisions.md §14: "a delivery takes the policy of its pickup zone when
 * created"), its zone, mode and version. A later change of the policy does not move it.
 *
 * <p>The merchant's {@link DispatchOrder} is one component, written flat ({@link JsonUnwrapped}):
 * its fields are {@code data}'s own fields, as they were before it was a record of its own. Jackson
 * writes an unwrapped record's fields in one block, and on the wire {@code feeCents} stands between
 * the order's {@code amountCents} and {@code currency}; the {@link JsonPropertyOrder} below is the
 * wire's order, which {@code EventCodec} writes {@code data} in, so the bytes are the golden files'.
 */
@JsonPropertyOrder({
    "dispatchId",
    "merchantId",
    "occurredAt",
    "actor",
    "externalId",
    "customerName",
    "customerPhone",
    "pickup",
    "dropoff",
    "paymentType",
    "amountCents",
    "feeCents",
    "currency",
    "targetPickupAt",
    "targetDeliveryAt",
    "targetPickupSeconds",
    "targetDeliverySeconds",
    "zoneId",
    "source",
    "trackingToken",
    "deliveryPin",
    "dispatchPolicy"
})
public record DispatchCreated(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        @JsonUnwrapped DispatchOrder order,
        long feeCents,
        Long targetPickupSeconds,
        Long targetDeliverySeconds,
        String zoneId,
        Source source,
        String trackingToken,
        String deliveryPin,
        DecisionPolicy dispatchPolicy)
        implements DispatchLifecycleEvent {

    /**
     * Whole seconds from creation to a target time (rounded down), null without a target. Both
     * instants are first cut to milliseconds, the precision the wire keeps, so the store, the
     * writer and every reader of the log count the same number.
     */
    public static Long secondsFromCreation(Instant createdAt, Instant target) {
        if (target == null) {
            return null;
        }
        Duration window =
                Duration.between(createdAt.truncatedTo(ChronoUnit.MILLIS), target.truncatedTo(ChronoUnit.MILLIS));
        // a Duration's seconds are already rounded down (its nanos are never negative), and unlike
        // toMillis() they cannot overflow, whatever year a merchant wrote
        return window.getSeconds();
    }
}
