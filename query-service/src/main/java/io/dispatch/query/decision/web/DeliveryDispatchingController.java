package io.dispatch.query.decision.web;

import io.dispatch.events.Topics;
import io.dispatch.query.decision.MerchantDispatchingRows;
import io.dispatch.query.decision.projection.DecisionProjection;
import io.dispatch.query.dispatch.DeliveryReads;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.MerchantPrincipal;
import io.dispatch.web.openapi.ApiSchemas;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The merchant's view of a delivery's dispatching (issue 33): is it still waiting for a rider, and
 * how many were offered it. Counts only: merchants see no offers (decisions.md §14).
 */
@Tag(name = "Deliveries")
@RestController
@RequestMapping(path = "/api/v1/external/dispatches", produces = MediaType.APPLICATION_JSON_VALUE)
public class DeliveryDispatchingController {

    private final DeliveryReads deliveries;
    private final ReadYourWrites freshness;
    private final MerchantDispatchingRows rows;
    private final Clock clock;

    public DeliveryDispatchingController(
            DeliveryReads deliveries, ReadYourWrites freshness, MerchantDispatchingRows rows, Clock clock) {
        this.deliveries = deliveries;
        this.freshness = freshness;
        this.rows = rows;
        this.clock = clock;
    }

    @Operation(
            operationId = "getDispatching",
            summary = "Whether a delivery still waits for a rider",
            description = """
      {dispatchId, status, mode, policyVersion, offersMade, maxOffers, openOffers, waiting, reason}: the \
      dispatching policy the delivery was created under (mode, policyVersion), the offers made to riders so far \
      (offersMade) and open now (openOffers), and for RANKED the riders the policy asks at most (maxOffers, else \
      null). waiting is true while the delivery is NEW; reason then says why (NO_RIDER_IN_RADIUS, ALL_DECLINED, \
      OFFERS_EXHAUSTED, MANUAL, WAITING_FOR_OFFER), else it is null. Never a rider's or an offer's id. Another \
      merchant's id, or one that does not exist, answers 404 NOT_FOUND; a read sent after a write's answer \
      reflects that write.""")
    @ApiResponse(
            responseCode = "200",
            description = "Where the delivery stands",
            content = @Content(schema = @Schema(implementation = DispatchingResponse.class)))
    @ApiResponse(
            responseCode = "404",
            description = "No such delivery for this merchant",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @ApiResponse(
            responseCode = "503",
            description = """
      Nothing found while the read model is still behind the event log (a consumer is restarting): the \
      delivery may exist; retry after Retry-After (1 s)""",
            content = @Content(schema = @Schema(implementation = ApiSchemas.ErrorResponse.class)))
    @GetMapping("/{id}/dispatching")
    public Mono<Envelope> dispatching(MerchantPrincipal merchant, @PathVariable String id) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        return deliveries
                .merchants(merchant.merchantId(), dispatchId)
                .then(freshness.awaitDispatch(DecisionProjection.NAME, Topics.DISPATCH_EVENTS, dispatchId))
                .then(Mono.defer(() -> rows.of(dispatchId, clock.instant())))
                .switchIfEmpty(Mono.error(DeliveryReads::catchingUp))
                .flatMap(row -> ("RANKED".equals(row.policyMode())
                                ? rows.maxOffers(row.policyZoneId(), row.policyVersion())
                                : Mono.just(Optional.<Integer>empty()))
                        .map(maxOffers -> DeliveryDispatching.of(dispatchId, row, maxOffers.orElse(null))))
                .map(Envelope::of);
    }

    @Schema(name = "DeliveryDispatchingResponse", description = "Where the delivery stands, in the success envelope")
    public record DispatchingResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) DeliveryDispatching data) {}
}
