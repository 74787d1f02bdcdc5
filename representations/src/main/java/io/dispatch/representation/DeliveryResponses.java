package io.dispatch.representation;

import io.dispatch.web.Envelope;
import io.dispatch.web.openapi.ApiSchemas;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.util.List;

/**
 * The envelope around each form of a delivery, as the OpenAPI documents show it (the code answers
 * {@link Envelope} itself, whose {@code data} is any object): these name what {@code data} holds.
 * The schema names are the {@code @Schema} names, so the documents do not depend on where these
 * records live; the envelope of errors and pages stays with the other shapes in {@link ApiSchemas}.
 */
public final class DeliveryResponses {

    private DeliveryResponses() {}

    @Schema(name = "DeliveryResponse", description = "A delivery in the success envelope")
    public record DeliveryResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) Delivery data) {}

    @Schema(name = "DeliveryListResponse", description = "A page of deliveries, newest first")
    public record DeliveryListResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) List<Delivery> data,
            @Schema(requiredMode = RequiredMode.REQUIRED) ApiSchemas.PageMeta meta) {}

    @Schema(name = "RiderDeliveryResponse", description = """
          The delivery as the rider who holds it sees it (no trackingToken, trackingUrl or deliveryPin), in the \
          success envelope""")
    public record RiderDeliveryResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) RiderDelivery data) {}

    @Schema(name = "RiderOfferListResponse", description = """
          Offers to a rider: the rider's own open offers (soonest expiry first), then the NEW deliveries of \
          MANUAL mode the rider may take; what deciding needs, no customer details, PIN or tracking link""")
    public record RiderOfferListResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) List<RiderOffer> data,
            @Schema(requiredMode = RequiredMode.REQUIRED) Envelope.Meta meta) {}

    @Schema(name = "OperatorDeliveryResponse", description = "A delivery as operators see it (with pinLock)")
    public record OperatorDeliveryResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) OperatorDelivery data) {}

    @Schema(name = "BulkCreatedResponse", description = "Every delivery of a bulk create, in request order")
    public record BulkCreatedResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) BulkCreated data) {}
}
