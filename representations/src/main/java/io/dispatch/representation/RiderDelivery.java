package io.dispatch.representation;

import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.UUID;

/**
 * A delivery as the rider who holds it (ASSIGNED and later) sees it, in the answer of every rider
 * action: the merchant's REST form, customer name, phone and drop-off included, without {@code
 * trackingToken}, {@code trackingUrl} and {@code deliveryPin}. The PIN is what the customer gives
 * at the door, so a rider must never read it, and the public tracking page the token opens shows
 * it to the customer. The fields are absent, not null. Before holding a delivery a rider sees
 * {@link RiderOffer} only (decisions.md §13).
 */
@Schema(name = "RiderDelivery", description = """
    A delivery as the rider who holds it sees it: the merchant's Delivery (customer name, phone and drop-off \
    included) without trackingToken, trackingUrl and deliveryPin (the customer gives the PIN at the door; the \
    tracking link would show it). Offers show less (RiderOffer).""")
public record RiderDelivery(
        UUID id,
        String externalId,
        DispatchStatus status,
        UUID riderId,
        String zoneId,
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
        Instant estimatedPickupAt,
        Instant estimatedDeliveryAt,
        String source,
        FailureReason failureReason,
        String failureDetail,
        String cancelReason,
        ProofOfDelivery proofOfDelivery,
        Instant createdAt,
        Instant updatedAt) {

    public static RiderDelivery from(DispatchView view) {
        DispatchOrder order = view.order();
        return new RiderDelivery(
                view.dispatchId(),
                order.externalId(),
                view.status(),
                view.riderId(),
                view.zoneId(),
                order.customerName(),
                order.customerPhone(),
                order.pickup(),
                order.dropoff(),
                order.paymentType(),
                order.amountCents(),
                view.feeCents(),
                order.currency(),
                order.targetPickupAt(),
                order.targetDeliveryAt(),
                view.estimatedPickupAt(),
                view.estimatedDeliveryAt(),
                view.source() == null ? null : view.source().wireName(),
                view.failureReason(),
                view.failureDetail(),
                view.cancelReason(),
                view.proofOfDelivery(),
                view.createdAt(),
                view.updatedAt());
    }
}
