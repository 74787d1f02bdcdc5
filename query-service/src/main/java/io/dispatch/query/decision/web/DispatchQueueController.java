package io.dispatch.query.decision.web;

import io.dispatch.events.Topics;
import io.dispatch.query.decision.QueueRows;
import io.dispatch.query.decision.projection.DecisionProjection;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.web.Envelope;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.input.QueryNumbers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The operator's queue: NEW deliveries nobody holds, oldest first, and why each waits (decisions.md §14). */
@Tag(name = "Operator: dispatching")
@RestController
public class DispatchQueueController {

    private final QueueRows rows;
    private final ReadYourWrites freshness;
    private final Clock clock;

    public DispatchQueueController(QueueRows rows, ReadYourWrites freshness, Clock clock) {
        this.rows = rows;
        this.freshness = freshness;
        this.clock = clock;
    }

    @Operation(
            operationId = "getDispatchQueue",
            summary = "NEW deliveries nobody holds, oldest first",
            description = """
      Every merchant's deliveries in status NEW, oldest first (createdAt, then dispatchId): {dispatchId, \
      merchantId, zoneId, createdAt, waitingSeconds (since createdAt), offersMade, reason}. reason: the engine's \
      latest "nobody eligible" (NO_RIDER_IN_RADIUS, ALL_DECLINED, OFFERS_EXHAUSTED) until it makes another offer or \
      assignment; else MANUAL for a delivery of a MANUAL policy; else WAITING_FOR_OFFER (not offered yet, or \
      offers open). zoneId: only that pickup zone's. sandbox: true for sandbox merchants' only, false for real \
      merchants' only, absent for both. limit 1 to 200, default 50; a bad parameter answers 422 naming it.""")
    @ApiResponse(
            responseCode = "200",
            description = "The queue, oldest first",
            content = @Content(schema = @Schema(implementation = QueueResponse.class)))
    @OperatorAccess({OperatorRole.DISPATCHER})
    @GetMapping(path = "/api/v1/admin/dispatch/queue", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> queue(
            OperatorPrincipal operator,
            @Parameter(schema = @Schema(type = "integer", minimum = "1", maximum = "200", defaultValue = "50"))
                    @RequestParam(name = "limit", required = false)
                    String limit,
            @Parameter(description = "Only this pickup zone's deliveries")
                    @RequestParam(name = "zoneId", required = false)
                    String zoneId,
            @Parameter(schema = @Schema(type = "boolean")) @RequestParam(name = "sandbox", required = false)
                    String sandbox) {
        int count = QueryNumbers.wholeNumber(limit, "limit", 1, 200, 50);
        String zone = AdminFilters.zoneId(zoneId);
        Boolean side = AdminFilters.sandbox(sandbox);
        return freshness
                .awaitAll(DecisionProjection.NAME, Topics.DISPATCH_EVENTS)
                .then(Mono.defer(() -> {
                    var now = clock.instant();
                    return rows.waiting(zone, side, count)
                            .map(row -> new QueueEntry(
                                    row.dispatchId(),
                                    row.merchantId(),
                                    row.zoneId(),
                                    row.createdAt(),
                                    Math.max(
                                            0,
                                            Duration.between(row.createdAt(), now)
                                                    .toSeconds()),
                                    row.offersMade(),
                                    QueueEntry.reason(row.lastReason(), row.policyMode())))
                            .collectList();
                }))
                .map(entries -> Envelope.page(entries, count, null));
    }

    @Schema(name = "DispatchQueueResponse", description = "The operator's queue in the success envelope")
    public record QueueResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) List<QueueEntry> data,
            @Schema(requiredMode = RequiredMode.REQUIRED) Envelope.Meta meta) {}
}
