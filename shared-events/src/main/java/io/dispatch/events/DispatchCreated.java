package io.dispatch.events;

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
 */
public record DispatchCreated(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        String externalId,
        String customerName,
        String customerPhone,
        Stop pickup,
        Stop dropoff,
        PaymentType paymentType,
        long amountCents,
        long feeCents,
        String currency,
        Instant targetPickupAt,
        Instant targetDeliveryAt,
        Long targetPickupSeconds,
        Long targetDeliverySeconds,
        String zoneId,
        Source source,
        String trackingToken,
        String deliveryPin,
        DecisionPolicy dispatchPolicy)
        implements DispatchLifecycleEvent {

    /**
     * The v2 field list: a delivery created before dispatching policies existed follows none
     * ({@code dispatchPolicy} null), which every reader takes as the {@code default} zone's
     * {@code MANUAL} at version 0, as the v2 to v3 upcaster does.
     */
    public DispatchCreated(
            UUID dispatchId,
            UUID merchantId,
            Instant occurredAt,
            Actor actor,
            String externalId,
            String customerName,
            String customerPhone,
            Stop pickup,
            Stop dropoff,
            PaymentType paymentType,
            long amountCents,
            long feeCents,
            String currency,
            Instant targetPickupAt,
            Instant targetDeliveryAt,
            Long targetPickupSeconds,
            Long targetDeliverySeconds,
            String zoneId,
            Source source,
            String trackingToken,
            String deliveryPin) {
        this(
                dispatchId,
                merchantId,
                occurredAt,
                actor,
                externalId,
                customerName,
                customerPhone,
                pickup,
                dropoff,
                paymentType,
                amountCents,
                feeCents,
                currency,
                targetPickupAt,
                targetDeliveryAt,
                targetPickupSeconds,
                targetDeliverySeconds,
                zoneId,
                source,
                trackingToken,
                deliveryPin,
                null);
    }

    /** The v1 field list; the targets in seconds are derived from the target times, as the v1 to v2 upcaster does. */
    public DispatchCreated(
            UUID dispatchId,
            UUID merchantId,
            Instant occurredAt,
            Actor actor,
            String externalId,
            String customerName,
            String customerPhone,
            Stop pickup,
            Stop dropoff,
            PaymentType paymentType,
            long amountCents,
            long feeCents,
            String currency,
            Instant targetPickupAt,
            Instant targetDeliveryAt,
            String zoneId,
            Source source,
            String trackingToken,
            String deliveryPin) {
        this(
                dispatchId,
                merchantId,
                occurredAt,
                actor,
                externalId,
                customerName,
                customerPhone,
                pickup,
                dropoff,
                paymentType,
                amountCents,
                feeCents,
                currency,
                targetPickupAt,
                targetDeliveryAt,
                secondsFromCreation(occurredAt, targetPickupAt),
                secondsFromCreation(occurredAt, targetDeliveryAt),
                zoneId,
                source,
                trackingToken,
                deliveryPin);
    }

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
