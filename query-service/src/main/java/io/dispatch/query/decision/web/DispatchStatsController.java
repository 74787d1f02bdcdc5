package io.dispatch.query.decision.web;

import io.dispatch.events.Topics;
import io.dispatch.query.decision.DispatchStats;
import io.dispatch.query.decision.StatsRows;
import io.dispatch.query.decision.projection.DecisionProjection;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The operator's dispatching figures over a period (decisions.md §14); the same counted live as metrics ({@code DecisionMetrics}). */
@Tag(name = "Operator: dispatching")
@RestController
public class DispatchStatsController {

    static final Duration DEFAULT_PERIOD = Duration.ofHours(24);

    private final StatsRows rows;
    private final ReadYourWrites freshness;
    private final Clock clock;

    public DispatchStatsController(StatsRows rows, ReadYourWrites freshness, Clock clock) {
        this.rows = rows;
        this.freshness = freshness;
        this.clock = clock;
    }

    @Operation(
            operationId = "getDispatchStats",
            summary = "Dispatching figures over the deliveries created in a period",
            description = """
      Over every delivery created in [from, to) (ISO 8601 date-times with an offset; to defaults to now, from to \
      24 hours before to), of zoneId's pickup zone when given, of sandbox merchants only (sandbox=true), real ones \
      only (false) or both (absent): created; assigned (of those, assigned at least once); timeToAssignSeconds \
      {p50, p90, p99} from creation to the first assignment of the assigned ones; offers {made, accepted, \
      declined, expired} made for them; acceptanceRate = accepted / (accepted + declined + expired); noRider (of \
      them, found nobody eligible at least once); pickupOnTimeShare and deliveryOnTimeShare (of those picked up or \
      delivered with a target time, the share at or before it). A figure of nothing is null. A malformed from or \
      to, or from not before to, answers 422 naming it.""")
    @ApiResponse(
            responseCode = "200",
            description = "The figures",
            content = @Content(schema = @Schema(implementation = StatsResponse.class)))
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    @GetMapping(path = "/api/v1/admin/dispatch/stats", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> stats(
            OperatorPrincipal operator,
            @Parameter(
                            description = "Start of the period (included)",
                            schema = @Schema(type = "string", format = "date-time"))
                    @RequestParam(name = "from", required = false)
                    String from,
            @Parameter(
                            description = "End of the period (excluded)",
                            schema = @Schema(type = "string", format = "date-time"))
                    @RequestParam(name = "to", required = false)
                    String to,
            @Parameter(description = "Only this pickup zone's deliveries")
                    @RequestParam(name = "zoneId", required = false)
                    String zoneId,
            @Parameter(schema = @Schema(type = "boolean")) @RequestParam(name = "sandbox", required = false)
                    String sandbox) {
        Instant givenFrom = AdminFilters.instant(from, "from");
        Instant end = AdminFilters.instant(to, "to");
        end = end == null ? clock.instant() : end;
        Instant start = givenFrom == null ? end.minus(DEFAULT_PERIOD) : givenFrom;
        if (!start.isBefore(end)) {
            throw ApiException.validation(
                    to == null ? "from" : "to", "the period must end after it starts (from < to)");
        }
        String zone = AdminFilters.zoneId(zoneId);
        Boolean side = AdminFilters.sandbox(sandbox);
        Instant periodStart = start;
        Instant periodEnd = end;
        return freshness
                .awaitAll(DecisionProjection.NAME, Topics.DISPATCH_EVENTS)
                .then(Mono.defer(() -> rows.over(periodStart, periodEnd, zone, side)))
                .map(Envelope::of);
    }

    @Schema(name = "DispatchStatsResponse", description = "The figures in the success envelope")
    public record StatsResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) DispatchStats data) {}
}
