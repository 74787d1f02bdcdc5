package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.web.CsvImport.Preview;
import io.dispatch.command.web.BodyParsing;
import io.dispatch.events.Actor;
import io.dispatch.idempotency.IdempotentRequest;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The merchant's CSV import: the operator's import ({@link CsvImport}, the same code path and
 * answers) on the merchant's own account, with the merchant as the actor and the request's
 * Idempotency-Key stored with the creations as a bulk create's is; and its preview.
 */
@Tag(name = "Deliveries")
@RestController
@RequestMapping(path = "/api/v1/external/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class CsvImportController {

    static final String CSV_EXAMPLE = """
      customerName,customerPhone,pickup.address,pickup.lat,pickup.lng,dropoff.address,paymentType,amountCents
      Amina Njeri,+254700000001,Moi Avenue 1,-1.2841,36.8233,Ngong Road 12,COD,150000
      """;

    private final DispatchCreation dispatches;
    private final PublicUrls urls;
    private final BodyParsing parsing;

    public CsvImportController(DispatchCreation dispatches, PublicUrls urls, BodyParsing parsing) {
        this.dispatches = dispatches;
        this.urls = urls;
        this.parsing = parsing;
    }

    @Operation(
            operationId = "importDispatches",
            summary = "Import deliveries from CSV, all or nothing",
            description = """
      Content-Type text/csv (RFC 4180, UTF-8). A header row names the create body's fields (nested ones as \
      pickup.address, pickup.lat, ...; unknown columns are ignored, an empty cell is an absent field), then \
      one delivery per row, at most 500. Every row is validated like a JSON create body; any invalid row \
      answers 422 with fieldErrors keyed rows[i].field (rows[0] is the first row after the header) and \
      nothing is created. Source csv; answers 201 {count, dispatches} in file order. With dryRun=true nothing \
      is created: 200 {rows, valid, errors: [{row, fieldErrors}]}, each row's fieldErrors keyed as the 422 \
      would key them. A file without readable rows (empty, not CSV, no customerName column, no rows or more \
      than 500) answers 422 on body or rows in both modes; so does a header of more than 64 columns or a row \
      of more than 64 cells (on body). Reading stops at row 501 and at cell 65. Counts as one request \
      against the rate limit.""")
    @ApiResponse(
            responseCode = "201",
            description = "All created, in file order",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.BulkCreatedResponse.class)))
    @ApiResponse(
            responseCode = "200",
            description = "dryRun=true: what the import would do; nothing created",
            content = @Content(schema = @Schema(implementation = PreviewResponse.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            required = true,
            content = @Content(mediaType = "text/csv", schema = @Schema(type = "string", example = CSV_EXAMPLE)))
    @PostMapping(path = "/import", consumes = "text/csv")
    public Mono<ResponseEntity<Envelope>> importCsv(
            MerchantPrincipal merchant,
            @Parameter(
                            description = "true: validate every row and answer the preview, create nothing",
                            schema = @Schema(type = "boolean", defaultValue = "false"))
                    @RequestParam(name = "dryRun", required = false)
                    String dryRun,
            @org.springframework.web.bind.annotation.RequestBody(required = false) String csv,
            ServerWebExchange exchange) {
        boolean preview = dryRun(dryRun);
        return parsing.parse(() -> CsvImport.read(csv))
                .flatMap(file -> preview
                        ? Mono.just(ResponseEntity.ok(Envelope.of(file.preview())))
                        : file.create(
                                dispatches,
                                merchant.merchantId(),
                                Actor.merchant(merchant.merchantId()),
                                IdempotentRequest.of(exchange).orElse(null),
                                Mono.empty(),
                                urls.baseUrl()));
    }

    private static boolean dryRun(String value) {
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw ApiException.validation("dryRun", "must be true or false");
    }

    /** For the OpenAPI document: the preview in the success envelope. */
    @Schema(name = "CsvImportPreviewResponse", description = "What a CSV import would do, in the success envelope")
    record PreviewResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) Preview data) {}
}
