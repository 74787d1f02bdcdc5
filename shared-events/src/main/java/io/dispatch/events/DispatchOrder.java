package io.dispatch.events;

import java.time.Instant;

/**
 * The order: one valid create-delivery body, as a merchant, an operator, a CSV row or a Shopify
 * order gives it. The creation command carries it unchanged; {@link DispatchCreated} records it
 * with the target times the merchant left out filled in from the zone ({@link #withTargets}),
 * beside what the service decides (fee, zone, targets in seconds, token, PIN, policy), and the
 * fold {@code DispatchView} keeps it as it was recorded. Both write its fields flat ({@code
 * JsonUnwrapped}), so the event's wire format, fixed by its golden files, and the stored views
 * are the same as when these fields were declared in each record.
 */
public record DispatchOrder(
        String externalId,
        String customerName,
        String customerPhone,
        Stop pickup,
        Stop dropoff,
        PaymentType paymentType,
        long amountCents,
        String currency,
        Instant targetPickupAt,
        Instant targetDeliveryAt) {

    /** This order with these pick-up-by and deliver-by times. */
    public DispatchOrder withTargets(Instant pickupBy, Instant deliverBy) {
        return new DispatchOrder(
                externalId,
                customerName,
                customerPhone,
                pickup,
                dropoff,
                paymentType,
                amountCents,
                currency,
                pickupBy,
                deliverBy);
    }
}
