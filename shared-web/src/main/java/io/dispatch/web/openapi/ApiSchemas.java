package io.dispatch.web.openapi;

import io.dispatch.web.Envelope;
import io.dispatch.web.delivery.BulkCreated;
import io.dispatch.web.delivery.Delivery;
import io.dispatch.web.delivery.OperatorDelivery;
import io.dispatch.web.delivery.RiderDelivery;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * Documentation-only shapes of the envelope around each kind of answer, so the OpenAPI
 * document shows what {@code data} holds. The code answers {@link Envelope} itself.
 */
public final class ApiSchemas {

  private ApiSchemas() {}

  @Schema(name = "DeliveryResponse", description = "A delivery in the success envelope")
  public record DeliveryResponse(@Schema(example = "true") boolean success, Delivery data) {}

  @Schema(name = "DeliveryListResponse", description = "A page of deliveries, newest first")
  public record DeliveryListResponse(boolean success, List<Delivery> data, Envelope.Meta meta) {}

  @Schema(name = "RiderDeliveryResponse",
      description = "A delivery as riders see it (no trackingToken, trackingUrl or deliveryPin), in the success envelope")
  public record RiderDeliveryResponse(@Schema(example = "true") boolean success, RiderDelivery data) {}

  @Schema(name = "RiderDeliveryListResponse", description = "Offers to riders (no trackingToken, trackingUrl or deliveryPin)")
  public record RiderDeliveryListResponse(boolean success, List<RiderDelivery> data, Envelope.Meta meta) {}

  @Schema(name = "OperatorDeliveryResponse", description = "A delivery as operators see it (with pinLock)")
  public record OperatorDeliveryResponse(@Schema(example = "true") boolean success, OperatorDelivery data) {}

  @Schema(name = "BulkCreatedResponse", description = "Every delivery of a bulk create, in request order")
  public record BulkCreatedResponse(boolean success, BulkCreated data) {}

  @Schema(name = "ErrorResponse", description = """
      The failure envelope. error.code is stable (VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, \
      CONFLICT, RATE_LIMITED, INTERNAL_ERROR); details.fieldErrors maps a field name as the client wrote it \
      (customerName, pickup.lat, orders[3].customerPhone, body, or a query parameter) to messages; a 409 on \
      a delivery's status carries details.currentStatus.""")
  public record ErrorResponse(@Schema(example = "false") boolean success, ErrorBody error) {}

  public record ErrorBody(
      @Schema(example = "VALIDATION_ERROR") String code,
      @Schema(example = "The request is not valid") String message,
      @Schema(example = "{\"fieldErrors\": {\"customerPhone\": [\"must be 7 to 20 characters\"]}}")
      Map<String, Object> details,
      @Schema(format = "uuid") String requestId) {}
}
