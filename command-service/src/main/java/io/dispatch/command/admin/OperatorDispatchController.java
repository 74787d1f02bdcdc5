package io.dispatch.command.admin;

import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.dispatch.application.Written;
import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchCommands.FailDispatch;
import io.dispatch.command.dispatch.web.CsvImport;
import io.dispatch.command.dispatch.web.DispatchErrors;
import io.dispatch.command.dispatch.web.DispatchOrderParser;
import io.dispatch.command.dispatch.web.FailureRequest;
import io.dispatch.command.web.BodyParsing;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.Reading;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.Source;
import io.dispatch.representation.Delivery;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantAccounts;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.scheduling.Blocking;
import io.dispatch.web.text.TextRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Operator API for deliveries: create on a merchant's behalf (source staff) or from a CSV file
 * (source csv, all or nothing), assign or reassign a rider, fail a delivery with a reason. The
 * history records the operator as the actor: a signed-in operator account by its id; with the admin
 * token, {@code X-Operator-Id} names who (default "operator").
 */
@Tag(name = "Operator: deliveries")
@RestController
@RequestMapping(path = "/api/v1/admin", produces = MediaType.APPLICATION_JSON_VALUE)
public class OperatorDispatchController {

    public static final String OPERATOR_HEADER = "X-Operator-Id";

    private final DispatchCreation creation;
    private final DispatchService dispatches;
    private final MerchantAccounts merchants;
    private final RiderAccounts riders;
    private final PublicUrls urls;
    private final BodyParsing parsing;

    public OperatorDispatchController(
            DispatchCreation creation,
            DispatchService dispatches,
            MerchantAccounts merchants,
            RiderAccounts riders,
            PublicUrls urls,
            BodyParsing parsing) {
        this.creation = creation;
        this.dispatches = dispatches;
        this.merchants = merchants;
        this.riders = riders;
        this.urls = urls;
        this.parsing = parsing;
    }

    @Operation(
            operationId = "createDispatchForMerchant",
            summary = "Create a delivery on a merchant's behalf",
            description = """
      The same body and validation as the merchant's POST /dispatches; source staff. Unknown merchant 404, \
      suspended merchant 409.""")
    @ApiResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.DeliveryResponse.class)))
    @PostMapping(path = "/merchants/{merchantId}/dispatches", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Envelope>> create(
            OperatorPrincipal operator,
            @PathVariable String merchantId,
            @Parameter(description = "who is acting, for the history")
                    @RequestHeader(name = OPERATOR_HEADER, required = false)
                    String operatorId,
            @RequestBody(required = false) JsonNode body) {
        UUID merchant = ApiException.pathId(merchantId, "Merchant");
        Actor actor = operator(operator, operatorId);
        FieldErrors errors = new FieldErrors();
        DispatchOrder order = DispatchOrderParser.parse(body, "", errors);
        errors.throwIfAny();
        return activeMerchant(merchant)
                .then(creation.create(merchant, order, Source.STAFF, actor))
                .map(written -> ResponseEntity.status(HttpStatus.CREATED)
                        .body(Envelope.of(Delivery.from(written.view(), urls.baseUrl()))))
                .onErrorMap(DispatchErrors::toApi);
    }

    @Operation(summary = "Import deliveries from CSV, all or nothing", description = """
      Content-Type text/csv. A header row names the create body's fields (nested ones as pickup.address, \
      pickup.lat, ...), then one delivery per row, at most 500. Every row is validated like a JSON body; any \
      invalid row answers 422 with fieldErrors keyed rows[i].field (rows[0] is the first row after the \
      header) and nothing is created. Source csv. Answers {count, dispatches} in file order.""")
    @ApiResponse(
            responseCode = "201",
            description = "All created",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.BulkCreatedResponse.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(mediaType = "text/csv", schema = @Schema(type = "string", example = """
          customerName,customerPhone,pickup.address,pickup.lat,pickup.lng,dropoff.address,paymentType,amountCents
          Amina Njeri,+254700000001,Moi Avenue 1,-1.2841,36.8233,Ngong Road 12,COD,150000
          """)))
    @PostMapping(path = "/merchants/{merchantId}/dispatches/import", consumes = "text/csv")
    public Mono<ResponseEntity<Envelope>> importCsv(
            OperatorPrincipal operator,
            @PathVariable String merchantId,
            @RequestHeader(name = OPERATOR_HEADER, required = false) String operatorId,
            @RequestBody(required = false) String csv) {
        UUID merchant = ApiException.pathId(merchantId, "Merchant");
        Actor actor = operator(operator, operatorId);
        return parsing.parse(() -> CsvImport.read(csv))
                .flatMap(
                        file -> file.create(creation, merchant, actor, null, activeMerchant(merchant), urls.baseUrl()));
    }

    @Operation(summary = "Assign or reassign a rider", description = """
      Body {riderId}. NEW becomes ASSIGNED; an ASSIGNED delivery moves to the new rider (the history keeps \
      both). Any other status answers 409 with details.currentStatus; an unknown rider 422 on riderId, and so \
      does a rider across the sandbox line (a sandbox rider for a real merchant's delivery, or a real rider for \
      a sandbox merchant's).""")
    @ApiResponse(
            responseCode = "200",
            description = "Now ASSIGNED to the rider",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.DeliveryResponse.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = AssignDocument.class)))
    @OperatorAccess({OperatorRole.DISPATCHER})
    @PostMapping(path = "/dispatches/{id}/assign", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> assign(
            OperatorPrincipal operator,
            @PathVariable String id,
            @RequestHeader(name = OPERATOR_HEADER, required = false) String operatorId,
            @RequestBody(required = false) JsonNode body) {
        return act(id, operator, operatorId, (dispatchId, actor) -> {
            FieldErrors errors = new FieldErrors();
            AssignDocument assignment = DocumentedBody.of(AssignDocument.class).readFields(body, errors);
            errors.throwIfAny();
            UUID chosen = UUID.fromString(assignment.riderId());
            return Blocking.call(() -> riders.find(chosen).isPresent())
                    .flatMap(exists -> exists
                            ? dispatches.execute(dispatchId, new AssignRider(dispatchId, chosen, actor))
                            : Mono.error(ApiException.validation("riderId", "no rider has this id")));
        });
    }

    @Operation(summary = "Fail a delivery", description = """
      Body {reasonCode, detail}, as the rider's fail. Any non-terminal status becomes FAILED; a terminal one \
      answers 409 with details.currentStatus.""")
    @ApiResponse(
            responseCode = "200",
            description = "Now FAILED",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.DeliveryResponse.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = FailureRequest.Document.class)))
    @OperatorAccess({OperatorRole.DISPATCHER})
    @PostMapping(path = "/dispatches/{id}/fail", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> fail(
            OperatorPrincipal operator,
            @PathVariable String id,
            @RequestHeader(name = OPERATOR_HEADER, required = false) String operatorId,
            @RequestBody(required = false) JsonNode body) {
        return act(id, operator, operatorId, (dispatchId, actor) -> {
            FailureRequest failure = FailureRequest.parse(body);
            return dispatches.execute(
                    dispatchId, new FailDispatch(dispatchId, actor, failure.reasonCode(), failure.detail()));
        });
    }

    /**
     * The operator's write on the delivery the path names, answered as merchants see the delivery
     * after it; refusals as their API errors.
     */
    private Mono<Envelope> act(
            String id, OperatorPrincipal operator, String operatorId, BiFunction<UUID, Actor, Mono<Written>> write) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        Actor actor = operator(operator, operatorId);
        return write.apply(dispatchId, actor)
                .map(written -> Envelope.of(Delivery.from(written.view(), urls.baseUrl())))
                .onErrorMap(DispatchErrors::toApi);
    }

    private Mono<Void> activeMerchant(UUID merchantId) {
        return Blocking.call(
                        () -> merchants.findMerchant(merchantId).orElseThrow(() -> ApiException.notFound("Merchant")))
                .flatMap(merchant -> "ACTIVE".equals(merchant.status())
                        ? Mono.<Void>empty()
                        : Mono.error(ApiException.conflict(
                                "The merchant is suspended; reactivate it first",
                                Map.of("merchantStatus", merchant.status()))));
    }

    /**
     * Who acts, for the history: an operator account by its id; the admin token's holder by
     * {@code X-Operator-Id}, else "operator" (a signed-in account cannot name someone else).
     */
    static Actor operator(OperatorPrincipal operator, String operatorId) {
        if (!operator.isToken()) {
            return Actor.operator(operator.name());
        }
        // first: a header of only U+001C..U+001F is blank and would otherwise pass as the default
        TextRule.SINGLE_LINE.check(OPERATOR_HEADER, operatorId);
        if (operatorId == null || operatorId.isBlank()) {
            return Actor.operator(OperatorPrincipal.TOKEN);
        }
        if (operatorId.length() > 100 || !operatorId.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            throw ApiException.validation(OPERATOR_HEADER, "must be 1 to 100 printable ASCII characters");
        }
        return Actor.operator(operatorId.strip());
    }

    @Schema(name = "AssignRequest", requiredProperties = "riderId")
    record AssignDocument(
            @Schema(format = "uuid") @Reading(absent = RIDER_ID, refusal = RIDER_ID)
            String riderId) {}

    private static final String RIDER_ID = "is required: the id of a registered rider";
}
