package io.dispatch.representation;

import io.dispatch.events.DispatchOrder;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;
import java.util.UUID;

/**
 * The REST form of a delivery (camelCase), as merchants read it. Absent values are written as
 * null, so the shape never changes. Riders get {@link RiderDelivery} (no PIN, no tracking link),
 * operators {@link OperatorDelivery} (this plus the PIN guard).
 */
@Schema(
        name = "Delivery",
        description =
                "A delivery in its REST form (camelCase); every field is always present, null when it has no value")
public record Delivery(
        @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid")
        UUID id,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                maxLength = 100,
                description = "The merchant's own order id, echoed back",
                example = "order-1042")
        String externalId,

        @Schema(requiredMode = RequiredMode.REQUIRED) DispatchStatus status,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "Null until a rider is assigned")
        UUID riderId,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "The zone matched from the pickup coordinates; null without them or outside every zone",
                example = "nairobi-cbd")
        String zoneId,

        @Schema(requiredMode = RequiredMode.REQUIRED, minLength = 1, maxLength = 200, example = "Wanjiru Kamau")
        String customerName,

        @Schema(requiredMode = RequiredMode.REQUIRED, minLength = 7, maxLength = 20, example = "+254 700 000 001")
        String customerPhone,

        @Schema(requiredMode = RequiredMode.REQUIRED) Stop pickup,
        @Schema(requiredMode = RequiredMode.REQUIRED) Stop dropoff,
        @Schema(requiredMode = RequiredMode.REQUIRED) PaymentType paymentType,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", description = "Order value in minor units")
        long amountCents,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                minimum = "0",
                description = "Delivery fee in minor units, computed by the service")
        long feeCents,

        @Schema(requiredMode = RequiredMode.REQUIRED, pattern = "^[A-Z]{3}$", example = "KES")
        String currency,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "Collect-by time")
        Instant targetPickupAt,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "Deliver-by time")
        Instant targetDeliveryAt,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "When the rider is planned to collect it: the route planner's estimate (dispatching mode "
                        + "BATCHED), null without a plan and once picked up")
        Instant estimatedPickupAt,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "When the rider is planned to hand it over: the route planner's estimate (dispatching "
                        + "mode BATCHED), null without a plan and after an unassignment, failure or cancellation")
        Instant estimatedDeliveryAt,

        @Schema(requiredMode = RequiredMode.REQUIRED, description = "Opens the public tracking page")
        String trackingToken,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                format = "uri",
                description = "Absolute URL of the public tracking page",
                example = "http://localhost:8080/track/3kT9x")
        String trackingUrl,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                pattern = "^[0-9]{4}$",
                description = "The customer gives it at the door; a PIN proof must match it",
                example = "4821")
        String deliveryPin,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                allowableValues = {"api", "csv", "shopify", "staff"})
        String source,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "Set when FAILED")
        FailureReason failureReason,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "The rider's or operator's words when FAILED")
        String failureDetail,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "The reason given with the cancel")
        String cancelReason,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "Null until DELIVERED")
        ProofOfDelivery proofOfDelivery,

        @Schema(requiredMode = RequiredMode.REQUIRED) Instant createdAt,
        @Schema(requiredMode = RequiredMode.REQUIRED) Instant updatedAt) {

    /** @param publicBaseUrl where customers reach this service, e.g. https://dispatch.example.com */
    public static Delivery from(DispatchView view, String publicBaseUrl) {
        DispatchOrder order = view.order();
        return new Delivery(
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
                view.trackingToken(),
                trackingUrl(publicBaseUrl, view.trackingToken()),
                view.deliveryPin(),
                view.source() == null ? null : view.source().wireName(),
                view.failureReason(),
                view.failureDetail(),
                view.cancelReason(),
                view.proofOfDelivery(),
                view.createdAt(),
                view.updatedAt());
    }

    private static String trackingUrl(String publicBaseUrl, String token) {
        String base =
                publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
        return base + "/track/" + token;
    }
}
