package io.dispatch.query.decision.web;

import io.dispatch.events.Topics;
import io.dispatch.query.decision.DecisionEntry;
import io.dispatch.query.decision.DecisionRows;
import io.dispatch.query.decision.projection.DecisionProjection;
import io.dispatch.query.dispatch.DeliveryReads;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** "Why this rider": the engine's decisions about one delivery, in order (decisions.md §14). */
@Tag(name = "Operator: dispatching")
@RestController
@OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
@RequestMapping(path = "/api/v1/admin/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class AdminDecisionController {

    private final DeliveryReads deliveries;
    private final ReadYourWrites freshness;
    private final DecisionRows decisions;

    public AdminDecisionController(DeliveryReads deliveries, ReadYourWrites freshness, DecisionRows decisions) {
        this.deliveries = deliveries;
        this.freshness = freshness;
        this.decisions = decisions;
    }

    @Operation(
            operationId = "getDispatchDecisions",
            summary = "The dispatching decisions about any merchant's delivery",
            description = """
      Every offer, accept, decline, expiry, withdrawal, automatic assignment and "nobody eligible" of the \
      delivery, oldest first by sequence: {sequence, type, occurredAt, riderId, offerId, reason, policy {zoneId, \
      mode, version}, candidates [{riderId, etaToPickupSeconds, distanceMeters, activeCount, rank}]}. A rider \
      giving back an automatic assignment is a DECLINED without offerId; an operator's assign shows as the \
      WITHDRAWN (reason OPERATOR_ASSIGNED) of each offer it closed. Empty for a delivery the engine never \
      decided on (e.g. MANUAL mode). Unknown or malformed id: 404; not there yet while the read model is \
      behind the event log: 503 with Retry-After.""")
    @ApiResponse(
            responseCode = "200",
            description = "The decisions, in order",
            content = @Content(schema = @Schema(implementation = DecisionListResponse.class)))
    @GetMapping("/{id}/decisions")
    public Mono<Envelope> decisions(OperatorPrincipal operator, @PathVariable String id) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        return deliveries
                .anyMerchants(dispatchId)
                .then(freshness.awaitDispatch(DecisionProjection.NAME, Topics.DISPATCH_EVENTS, dispatchId))
                .then(decisions.of(dispatchId).collectList())
                .map(Envelope::of);
    }

    @Schema(
            name = "DispatchDecisionListResponse",
            description = "A delivery's decisions, in order, in the success envelope")
    public record DecisionListResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) List<DecisionEntry> data) {}
}
