package io.dispatch.audit.web;

import io.dispatch.audit.application.AuditOutcome;
import io.dispatch.audit.application.DispatchAudit;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.openapi.ApiSchemas;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The auditor's question about one delivery: do the read models say what its events say, and
 * (with {@code asOf}) what did it look like at a past instant. Served by command-service, which
 * owns the event store.
 */
@Tag(name = "Operator: audit")
@RestController
@OperatorAccess({OperatorRole.AUDITOR})
@RequestMapping(path = "/api/v1/admin/audit", produces = MediaType.APPLICATION_JSON_VALUE)
public class AuditController {

    private final DispatchAudit audit;
    private final PublicUrls urls;

    public AuditController(DispatchAudit audit, PublicUrls urls) {
        this.audit = audit;
        this.urls = urls;
    }

    @Operation(summary = "Audit one delivery against its events", description = """
      Re-folds the delivery's events from the event store and compares the result field by field with each read \
      model: the delivery (view delivery: the row's body and its column copies), its status history (history) and \
      its webhook notifications (webhooks: query-service's record against the dispatcher's, and the event each was \
      made for). agrees is true when there is no difference. The comparison is always with all the events, the \
      read models holding the current state. With asOf (ISO 8601 with offset), the answer adds asOf, state (the \
      Delivery as it stood then, folded from the events that occurred at or before asOf) and events (those \
      events, each with its logPosition). A delivery being changed during the audit may show a read model lagging \
      its newest events.""")
    @ApiResponse(
            responseCode = "200",
            description = "The audit",
            content = @Content(schema = @Schema(implementation = AuditAnswer.Response.class)))
    @ApiResponse(
            responseCode = "404",
            description = "No delivery has this id, or it did not exist yet at asOf",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "422",
            description = "asOf is not an ISO 8601 date-time (VALIDATION_ERROR)",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @GetMapping("/dispatches/{id}")
    public Mono<Envelope> dispatch(
            OperatorPrincipal operator,
            @PathVariable String id,
            @Parameter(
                            description = "Show the delivery as it stood at this instant (ISO 8601 with offset)",
                            schema = @Schema(type = "string", format = "date-time"))
                    @RequestParam(name = "asOf", required = false)
                    String asOf) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        Instant instant = asOf == null ? null : instant(asOf);
        return Blocking.call(() -> audit.audit(dispatchId, instant)).map(outcome -> switch (outcome) {
            case AuditOutcome.Audited audited -> Envelope.of(AuditAnswer.of(audited, urls.baseUrl()));
            case AuditOutcome.Unknown unknown -> throw ApiException.notFound("Delivery");
            case AuditOutcome.NotYetCreated notYet ->
                throw new ApiException(
                        ErrorCode.NOT_FOUND,
                        "The delivery did not exist yet at asOf; it was created at " + notYet.createdAt());
        });
    }

    private static Instant instant(String asOf) {
        try {
            return OffsetDateTime.parse(asOf).toInstant();
        } catch (DateTimeParseException e) {
            throw ApiException.validation(
                    "asOf", "must be an ISO 8601 date-time with offset, e.g. 2026-11-21T14:02:00Z");
        }
    }
}
