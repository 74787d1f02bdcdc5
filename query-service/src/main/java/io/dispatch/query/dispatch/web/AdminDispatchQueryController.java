package io.dispatch.query.dispatch.web;

import io.dispatch.events.view.DispatchView;
import io.dispatch.query.dispatch.DeliveryReads;
import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.OperatorDelivery;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The operator's reads: any merchant's delivery (with its PIN guard) and its history. */
@Tag(name = "Operator: deliveries")
@RestController
@OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
@RequestMapping(path = "/api/v1/admin/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class AdminDispatchQueryController {

    private final DispatchRows rows;
    private final DeliveryReads deliveries;
    private final PublicUrls urls;

    public AdminDispatchQueryController(DispatchRows rows, DeliveryReads deliveries, PublicUrls urls) {
        this.rows = rows;
        this.deliveries = deliveries;
        this.urls = urls;
    }

    @Operation(summary = "Read any merchant's delivery", description = """
      The merchant's Delivery plus pinLock {wrongGuesses, locked, lockedAt, lastWrongGuessAt}: wrong PIN guesses \
      since creation or the last reset; locked after 5 (POST /api/v1/admin/dispatches/{id}/pin/reset unlocks). \
      Unknown id: 404; not there yet while the read model is behind the event log: 503 with Retry-After.""")
    @ApiResponse(
            responseCode = "200",
            description = "The delivery",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.OperatorDeliveryResponse.class)))
    @GetMapping("/{id}")
    public Mono<Envelope> get(OperatorPrincipal operator, @PathVariable String id) {
        return any(id).map(view -> Envelope.of(OperatorDelivery.from(view, urls.baseUrl())));
    }

    @Operation(
            summary = "Status history of any delivery",
            description = "As the merchant's GET /dispatches/:id/events.")
    @ApiResponse(
            responseCode = "200",
            description = "The history",
            content = @Content(array = @ArraySchema(schema = @Schema(implementation = HistoryEntry.class))))
    @GetMapping("/{id}/events")
    public Mono<Envelope> events(OperatorPrincipal operator, @PathVariable String id) {
        return any(id).flatMap(view -> DispatchQueryController.history(rows, view.dispatchId()))
                .map(Envelope::of);
    }

    private Mono<DispatchView> any(String id) {
        return deliveries.anyMerchants(ApiException.pathId(id, "Delivery"));
    }
}
