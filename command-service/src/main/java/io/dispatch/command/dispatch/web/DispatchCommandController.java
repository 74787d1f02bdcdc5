package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.application.DispatchOrder;
import io.dispatch.command.dispatch.application.Written;
import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.events.Actor;
import io.dispatch.events.Source;
import io.dispatch.web.Envelope;
import io.dispatch.web.delivery.Delivery;
import io.dispatch.web.delivery.PublicUrls;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.idempotency.IdempotentRequest;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.openapi.ApiSchemas;
import io.dispatch.web.text.TextRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** The merchant's writes: create a delivery, cancel it. */
@Tag(name = "Deliveries", description = "Create, list, read and cancel deliveries")
@RestController
@RequestMapping(path = "/api/v1/external/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class DispatchCommandController {

  /** Where the write's last event sits in the log: {@code <topic>/<partition>@<offset>}. */
  public static final String LOG_POSITION_HEADER = "X-Log-Position";
  public static final int BULK_LIMIT = 500;

  private final DispatchCreation creation;
  private final DispatchService dispatches;
  private final PublicUrls urls;

  public DispatchCommandController(DispatchCreation creation, DispatchService dispatches, PublicUrls urls) {
    this.creation = creation;
    this.dispatches = dispatches;
    this.urls = urls;
  }

  @Operation(operationId = "createDispatch", summary = "Create one delivery", description = """
      Validates every field (422 VALIDATION_ERROR with details.fieldErrors), prices the trip from the zone \
      containing the pickup point (platform default pricing without coordinates or outside every zone), \
      and answers the new delivery, status NEW, source api. Absent targetPickupAt/targetDeliveryAt are \
      derived from the zone's service-level targets.""")
  @ApiResponse(responseCode = "201", description = "Created",
      content = @Content(schema = @Schema(implementation = ApiSchemas.DeliveryResponse.class)))
  @RequestBody(content = @Content(schema = @Schema(implementation = DispatchOrderDocument.class)))
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ResponseEntity<Envelope>> create(
      MerchantPrincipal merchant, @org.springframework.web.bind.annotation.RequestBody JsonNode body,
      ServerWebExchange exchange) {
    FieldErrors errors = new FieldErrors();
    DispatchOrder order = DispatchOrderParser.parse(body, "", errors);
    errors.throwIfAny();
    return creation.create(merchant.merchantId(), order, Source.API, Actor.merchant(merchant.merchantId()),
            IdempotentRequest.of(exchange).orElse(null))
        .map(written -> answer(HttpStatus.CREATED, written))
        .onErrorMap(DispatchErrors::toApi);
  }

  /** Up to {@value #BULK_LIMIT} deliveries in one transaction: any invalid row and none is created. */
  @Operation(operationId = "createDispatchesInBulk", summary = "Create up to 500 deliveries in one transaction", description = """
      Body {orders: [...]}, each entry exactly the single-create body. Any invalid row answers 422 with \
      fieldErrors keyed like orders[3].customerPhone and nothing is created; an empty array, more than 500 \
      entries or no orders answers 422 on orders. Each row is priced against its own zone. Counts as one \
      request against the rate limit.""")
  @ApiResponse(responseCode = "201", description = "All created, in request order",
      content = @Content(schema = @Schema(implementation = ApiSchemas.BulkCreatedResponse.class)))
  @RequestBody(content = @Content(schema = @Schema(implementation = BulkDocument.class)))
  @PostMapping(path = "/bulk", consumes = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ResponseEntity<Envelope>> createBulk(
      MerchantPrincipal merchant, @org.springframework.web.bind.annotation.RequestBody JsonNode body,
      ServerWebExchange exchange) {
    FieldErrors errors = new FieldErrors();
    JsonNode rows = body != null && body.isObject() ? body.get("orders") : null;
    if (body == null || !body.isObject()) {
      errors.add("body", "must be a JSON object with an orders array");
    } else if (rows == null || rows.isNull()) {
      errors.add("orders", "is required: an array of 1 to " + BULK_LIMIT + " orders");
    } else if (!rows.isArray()) {
      errors.add("orders", "must be an array of 1 to " + BULK_LIMIT + " orders");
    } else if (rows.isEmpty() || rows.size() > BULK_LIMIT) {
      errors.add("orders", "must hold 1 to " + BULK_LIMIT + " orders; it holds " + rows.size());
    }
    errors.throwIfAny();
    List<DispatchOrder> orders = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      orders.add(DispatchOrderParser.parse(rows.get(i), "orders[" + i + "].", errors));
    }
    errors.throwIfAny();
    return creation.createAll(merchant.merchantId(), orders, Source.API, Actor.merchant(merchant.merchantId()),
            IdempotentRequest.of(exchange).orElse(null))
        .map(written -> BulkAnswer.created(written, urls.baseUrl()))
        .onErrorMap(DispatchErrors::toApi);
  }

  @Operation(operationId = "cancelDispatch", summary = "Cancel a delivery", description = """
      Body {status: "CANCELLED", reason?} (reason at most 500 characters; any other status answers 422). \
      A NEW delivery answers 200 with the delivery, now CANCELLED. Past NEW (including already CANCELLED) \
      answers 409 CONFLICT with details.currentStatus. Another merchant's id answers 404.""")
  @ApiResponse(responseCode = "200", description = "Cancelled",
      content = @Content(schema = @Schema(implementation = ApiSchemas.DeliveryResponse.class)))
  @ApiResponse(responseCode = "404", description = "No such delivery for this merchant",
      content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
  @ApiResponse(responseCode = "409", description = """
      Not NEW any more (details.currentStatus holds the status), or the Idempotency-Key was used with \
      another request""",
      content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
  @RequestBody(content = @Content(schema = @Schema(implementation = CancelDocument.class)))
  @PatchMapping(path = "/{id}/status", consumes = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ResponseEntity<Envelope>> changeStatus(
      MerchantPrincipal merchant,
      @PathVariable String id,
      @org.springframework.web.bind.annotation.RequestBody JsonNode body) {
    UUID dispatchId = ApiException.pathId(id, "Delivery");
    FieldErrors errors = new FieldErrors();
    JsonNode status = body == null ? null : body.get("status");
    if (status == null || !status.isString() || !"CANCELLED".equals(status.stringValue())) {
      errors.add("status", "must be CANCELLED: the merchant API can only cancel a delivery");
    }
    JsonNode reason = body == null ? null : body.get("reason");
    if (reason != null && !reason.isNull() && (!reason.isString() || reason.stringValue().length() > 500)) {
      errors.add("reason", "must be a string of at most 500 characters");
    } else if (reason != null && reason.isString()) {
      TextRule.MULTI_LINE.problem(reason.stringValue()).ifPresent(problem -> errors.add("reason", problem));
    }
    errors.throwIfAny();
    String reasonText = reason == null || reason.isNull() ? null : reason.stringValue();
    return dispatches.cancel(merchant.merchantId(), dispatchId, reasonText)
        .map(written -> answer(HttpStatus.OK, written))
        .onErrorMap(DispatchErrors::toApi);
  }

  private ResponseEntity<Envelope> answer(HttpStatus status, Written written) {
    var response = ResponseEntity.status(status);
    if (written.published() != null) {
      response.header(LOG_POSITION_HEADER, "dispatch-events/" + written.published().partition() + "@"
          + written.published().offset());
    }
    return response.body(Envelope.of(Delivery.from(written.view(), urls.baseUrl())));
  }

  /**
   * The create body as the OpenAPI document shows it; {@link DispatchOrderParser} reads the JSON
   * itself. The deploy tests hold the two together: what this allows is accepted, what it forbids
   * is refused on the same field name. An optional field sent as null counts as absent.
   */
  @Schema(name = "DispatchOrder", requiredProperties = {"customerName", "customerPhone", "pickup", "dropoff", "paymentType"})
  record DispatchOrderDocument(
      @Schema(minLength = 1, maxLength = 200, pattern = NOT_BLANK, example = "Wanjiru Kamau",
          description = "1 to 200 characters, not blank, no control characters") String customerName,
      @Schema(minLength = PhoneNumber.MIN_LENGTH, maxLength = PhoneNumber.MAX_LENGTH, pattern = PhoneNumber.PATTERN,
          description = "Optional leading +, then digits, spaces or dashes; 7 to 20 characters in all, the + included",
          example = "+254 700 000 001")
      String customerPhone,
      StopDocument pickup,
      StopDocument dropoff,
      @Schema(allowableValues = {"COD", "PREPAID"}, example = "PREPAID") String paymentType,
      @Schema(nullable = true, minLength = 1, maxLength = 100, example = "order-1042",
          description = "Your own order id, echoed back on every read and webhook") String externalId,
      @Schema(nullable = true, minimum = "0", defaultValue = "0", example = "150000",
          description = "Order value in minor units") Long amountCents,
      @Schema(nullable = true, minLength = 3, maxLength = 3, pattern = "^[A-Z]{3}$", defaultValue = "KES",
          example = "KES") String currency,
      @Schema(nullable = true, format = "date-time", description = "ISO 8601 with offset", example = "2026-11-24T10:00:00Z")
      String targetPickupAt,
      @Schema(nullable = true, format = "date-time", description = "ISO 8601 with offset; not before targetPickupAt",
          example = "2026-11-24T12:00:00Z")
      String targetDeliveryAt) {}

  /** At least one character that is not white space. */
  static final String NOT_BLANK = "\\S";

  @Schema(name = "StopRequest", requiredProperties = "address",
      description = "lat and lng are given together or not at all (422 on the one given alone)")
  record StopDocument(
      @Schema(minLength = 1, maxLength = 500, pattern = NOT_BLANK, example = "Kenyatta Ave 1, Nairobi") String address,
      @Schema(nullable = true, minimum = "-90", maximum = "90", example = "-1.2841") Double lat,
      @Schema(nullable = true, minimum = "-180", maximum = "180", example = "36.8219") Double lng,
      @Schema(nullable = true, maxLength = 500, description = "May span lines", example = "Gate B") String notes) {}

  @Schema(name = "BulkOrders", requiredProperties = "orders")
  record BulkDocument(@ArraySchema(minItems = 1, maxItems = BULK_LIMIT,
      arraySchema = @Schema(description = "1 to 500 orders, each exactly the single-create body"))
      List<DispatchOrderDocument> orders) {}

  @Schema(name = "CancelRequest", requiredProperties = "status")
  record CancelDocument(
      @Schema(allowableValues = "CANCELLED", example = "CANCELLED") String status,
      @Schema(nullable = true, maxLength = 500, description = "May span lines", example = "Customer changed their mind")
      String reason) {}
}
