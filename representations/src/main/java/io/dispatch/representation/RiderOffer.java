package io.dispatch.representation;

import io.dispatch.events.DispatchOrder;
import io.dispatch.events.GreatCircle;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;
import java.util.UUID;

/**
 * A delivery as a rider sees it before holding it (decisions.md §13): only what deciding to take
 * it needs. No customer name or phone, no drop-off address or notes, no externalId: a rider who
 * may never carry the parcel has no business with the customer, and {@code GET /offers} would
 * otherwise hand every rider the customers of every merchant. The drop-off is an area (its point
 * rounded to 2 decimals, about 1 km), enough to judge the trip. Once the rider holds the delivery
 * the answers are {@link RiderDelivery}.
 */
@Schema(name = "RiderOffer", description = """
    A delivery a rider may take, before holding it: only what deciding needs. No customer name or phone, no \
    drop-off address or notes, no externalId (the rider sees them once holding the delivery); no PIN or \
    tracking link ever. Every field is always present, null when it has no value. An offer made to this rider \
    has offerId and expiresAt; a delivery of MANUAL mode any rider may take has both null.""")
public record RiderOffer(
        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, format = "uuid", description = """
          The offer made to this rider (accept or decline it under /api/v1/rider/offers/{offerId}); null for a \
          delivery of MANUAL mode, taken with POST /api/v1/rider/dispatches/{id}/accept""")
        UUID offerId,

        @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid")
        UUID dispatchId,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "When the offer runs out; null for a delivery of MANUAL mode")
        Instant expiresAt,

        @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid", description = "The same as dispatchId")
        UUID id,

        @Schema(requiredMode = RequiredMode.REQUIRED) Pickup pickup,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "The drop-off point rounded to 2 decimals (about 1 km); null without coordinates")
        Area dropoffArea,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                minimum = "0",
                description = "Great-circle metres from pickup to drop-off; null unless both have coordinates")
        Long tripMeters,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, minimum = "0", description = """
          Great-circle metres from the rider's last reported position to the pickup; null without a position \
          or pickup coordinates""")
        Long distanceToPickupMeters,

        @Schema(requiredMode = RequiredMode.REQUIRED) PaymentType paymentType,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                minimum = "0",
                description = "The cash to collect at the door, in minor units: only with COD, else null")
        Long amountCents,

        @Schema(requiredMode = RequiredMode.REQUIRED, minimum = "0", description = "Delivery fee in minor units")
        long feeCents,

        @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, description = "Collect-by time")
        Instant targetPickupAt) {

    /** Where the parcel is collected: the merchant's address and point, never its notes. */
    @Schema(name = "RiderOfferPickup", description = "The pickup: address and point (lat and lng both or neither)")
    public record Pickup(
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "Kenyatta Ave 1, Nairobi")
            String address,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, example = "-1.2841")
            Double lat,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, example = "36.8219")
            Double lng) {}

    /** A point rounded to 2 decimals. */
    @Schema(name = "DropoffArea", description = "The drop-off point rounded to 2 decimals (about 1 km)")
    public record Area(
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "-1.3")
            double lat,

            @Schema(requiredMode = RequiredMode.REQUIRED, example = "36.78")
            double lng) {}

    /**
     * @param riderLat the rider's last reported position, or null (with {@code riderLng}) when the
     *     rider has reported none
     */
    public static RiderOffer from(DispatchView view, Double riderLat, Double riderLng) {
        return from(view, riderLat, riderLng, null, null);
    }

    /** The delivery as offered to this rider: {@code offerId} until {@code expiresAt}. */
    public static RiderOffer from(
            DispatchView view, Double riderLat, Double riderLng, UUID offerId, Instant expiresAt) {
        DispatchOrder order = view.order();
        Stop pickup = order.pickup();
        Stop dropoff = order.dropoff();
        boolean pickupPoint = pickup != null && pickup.hasCoordinates();
        boolean dropoffPoint = dropoff != null && dropoff.hasCoordinates();
        return new RiderOffer(
                offerId,
                view.dispatchId(),
                expiresAt,
                view.dispatchId(),
                pickup == null ? null : new Pickup(pickup.address(), pickup.lat(), pickup.lng()),
                dropoffPoint ? new Area(rounded(dropoff.lat()), rounded(dropoff.lng())) : null,
                pickupPoint && dropoffPoint
                        ? GreatCircle.distanceMeters(pickup.lat(), pickup.lng(), dropoff.lat(), dropoff.lng())
                        : null,
                pickupPoint && riderLat != null && riderLng != null
                        ? GreatCircle.distanceMeters(riderLat, riderLng, pickup.lat(), pickup.lng())
                        : null,
                order.paymentType(),
                order.paymentType() == PaymentType.COD ? order.amountCents() : null,
                view.feeCents(),
                order.targetPickupAt());
    }

    /** Two decimals, about 1.1 km of latitude: the area, not the door. */
    static double rounded(double degrees) {
        return Math.round(degrees * 100) / 100.0;
    }
}
