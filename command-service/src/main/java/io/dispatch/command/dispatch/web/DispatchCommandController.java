package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.dispatch.application.Written;
import io.dispatch.command.web.BodyParsing;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.Reading;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.Source;
import io.dispatch.idempotency.IdempotentRequest;
import io.dispatch.representation.Delivery;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.openapi.ApiSchemas;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
import tools.jackson.databind.json.JsonMapper;

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
    private final BodyParsing parsing;
    private final JsonMapper json;

    public DispatchCommandController(
            DispatchCreation creation,
            DispatchService dispatches,
            PublicUrls urls,
            BodyParsing parsing,
            JsonMapper json) {
        this.creation = creation;
        this.dispatches = dispatches;
        this.urls = urls;
        this.parsing = parsing;
        this.json = json;
    }

    @Operation(operationId = "createDispatch", summary = "Create one delivery", description = """
      Validates every field (422 VALIDATION_ERROR with details.fieldErrors), prices the trip from the zone \
      containing the pickup point (platform default pricing without coordinates or outside every zone), \
      and answers the new delivery, status NEW, source api. Absent targetPickupAt/targetDeliveryAt are \
      derived from the zone's service-level targets.""")
    @ApiResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.DeliveryResponse.class)))
    @RequestBody(content = @Content(schema = @Schema(implementation = DispatchOrderDocument.class)))
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Envelope>> create(
            MerchantPrincipal merchant,
            @org.springframework.web.bind.annotation.RequestBody JsonNode body,
            ServerWebExchange exchange) {
        FieldErrors errors = new FieldErrors();
        DispatchOrder order = DispatchOrderParser.parse(body, "", errors);
        errors.throwIfAny();
        return creation.create(
                        merchant.merchantId(),
                        order,
                        Source.API,
                        Actor.merchant(merchant.merchantId()),
                        IdempotentRequest.of(exchange).orElse(null))
                .map(written -> answer(HttpStatus.CREATED, written))
                .onErrorMap(DispatchErrors::toApi);
    }

    /** Up to {@value #BULK_LIMIT} deliveries in one transaction: any invalid row and none is created. */
    @Operation(
            operationId = "createDispatchesInBulk",
            summary = "Create up to 500 deliveries in one transaction",
            description = """
      Body {orders: [...]}, each entry exactly the single-create body. Any invalid row answers 422 with \
      fieldErrors keyed like orders[3].customerPhone and nothing is created; an empty array, more than 500 \
      entries or no orders answers 422 on orders (the body is read order by order and no further than the \
      501st). Each row is priced against its own zone. Counts as one request against the rate limit.""")
    @ApiResponse(
            responseCode = "201",
            description = "All created, in request order",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.BulkCreatedResponse.class)))
    @RequestBody(content = @Content(schema = @Schema(implementation = BulkDocument.class)))
    @PostMapping(path = "/bulk", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Envelope>> createBulk(
            MerchantPrincipal merchant,
            @org.springframework.web.bind.annotation.RequestBody byte[] body,
            ServerWebExchange exchange) {
        return parsing.parse(() -> orders(body))
                .flatMap(orders -> creation.createAll(
                        merchant.merchantId(),
                        orders,
                        Source.API,
                        Actor.merchant(merchant.merchantId()),
                        IdempotentRequest.of(exchange).orElse(null)))
                .map(written -> BulkAnswer.created(written, urls.baseUrl()))
                .onErrorMap(DispatchErrors::toApi);
    }

    /** The bulk body's orders, read as a stream that stops at the 501st ({@link BulkBody}). */
    private List<DispatchOrder> orders(byte[] body) {
        FieldErrors errors = new FieldErrors();
        BulkDocument bulk = DocumentedBody.of(BulkDocument.class)
                .readBody(BulkBody.read(body, json, BULK_LIMIT), "with an orders array", errors);
        errors.throwIfAny();
        return bulk.orders().stream().map(DispatchOrderParser::order).toList();
    }

    @Operation(operationId = "cancelDispatch", summary = "Cancel a delivery", description = """
      Body {status: "CANCELLED", reason?} (reason at most 500 characters; any other status answers 422). \
      A NEW delivery answers 200 with the delivery, now CANCELLED. Past NEW (including already CANCELLED) \
      answers 409 CONFLICT with details.currentStatus. Another merchant's id answers 404.""")
    @ApiResponse(
            responseCode = "200",
            description = "Cancelled",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.DeliveryResponse.class)))
    @ApiResponse(
            responseCode = "404",
            description = "No such delivery for this merchant",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "409",
            description = """
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
        CancelDocument cancel = DocumentedBody.of(CancelDocument.class).readFields(body, errors);
        errors.throwIfAny();
        return dispatches
                .cancel(merchant.merchantId(), dispatchId, cancel.reason())
                .map(written -> answer(HttpStatus.OK, written))
                .onErrorMap(DispatchErrors::toApi);
    }

    private ResponseEntity<Envelope> answer(HttpStatus status, Written written) {
        var response = ResponseEntity.status(status);
        if (written.published() != null) {
            response.header(
                    LOG_POSITION_HEADER,
                    "dispatch-events/" + written.published().partition() + "@"
                            + written.published().offset());
        }
        return response.body(Envelope.of(Delivery.from(written.view(), urls.baseUrl())));
    }

    @Schema(name = "BulkOrders", requiredProperties = "orders")
    record BulkDocument(
            @ArraySchema(
                    minItems = 1,
                    maxItems = BULK_LIMIT,
                    arraySchema = @Schema(description = "1 to 500 orders, each exactly the single-create body"))
            List<DispatchOrderDocument> orders) {}

    static final String CANCEL_ONLY = "must be CANCELLED: the merchant API can only cancel a delivery";

    @Schema(name = "CancelRequest", requiredProperties = "status")
    record CancelDocument(
            @Schema(allowableValues = "CANCELLED", example = "CANCELLED")
            @Reading(refusal = CANCEL_ONLY, absent = CANCEL_ONLY)
            String status,

            @Schema(
                    nullable = true,
                    maxLength = 500,
                    description = "May span lines",
                    example = "Customer changed their mind")
            @Reading(multiLine = true, refusal = "must be a string of at most 500 characters")
            String reason) {}
}
