package io.dispatch.query.rebuild;

import io.dispatch.web.Envelope;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The operator's rebuild of every read model from the log (decisions.md section 7). */
@Tag(name = "Operator: replay and audit")
@RestController
@RequestMapping(path = "/api/v1/admin/projections/rebuild", produces = MediaType.APPLICATION_JSON_VALUE)
public class RebuildController {

    private final ProjectionRebuild rebuild;

    public RebuildController(ProjectionRebuild rebuild) {
        this.rebuild = rebuild;
    }

    @Operation(summary = "Rebuild every read model from the event log", description = """
      Replays dispatch-events, webhook-attempts and rider-positions from their start into fresh tables \
      (deliveries, history, webhook attempts, rider positions; offers read the deliveries), catches up with the \
      live projections, and switches reads to the fresh tables atomically. Reads and writes go on meanwhile. \
      202 {rebuildId, status RUNNING, startedAt}; follow it with GET. 409 while one runs.""")
    @ApiResponse(
            responseCode = "202",
            description = "Started",
            content = @Content(schema = @Schema(implementation = StartedResponse.class)))
    @ApiResponse(responseCode = "409", description = "A rebuild is running")
    @PostMapping
    public Mono<ResponseEntity<Envelope>> start(OperatorPrincipal operator) {
        return Blocking.call(rebuild::start)
                .map(started -> ResponseEntity.status(HttpStatus.ACCEPTED).body(Envelope.of(started)));
    }

    @Operation(summary = "The latest rebuild", description = """
      status IDLE (none ever ran; the other fields null), RUNNING, SUCCEEDED or FAILED (error says why; the live \
      tables stayed in use; POST again to retry). eventsDone of eventsTotal, eventsPerSecond, and on success the \
      checksum of the rebuilt tables next to previousChecksum, the replaced tables' at the same log positions.""")
    @ApiResponse(
            responseCode = "200",
            description = "The latest rebuild",
            content = @Content(schema = @Schema(implementation = StatusResponse.class)))
    @OperatorAccess({OperatorRole.AUDITOR})
    @GetMapping
    public Mono<Envelope> status(OperatorPrincipal operator) {
        return Blocking.call(rebuild::status).map(Envelope::of);
    }

    @Schema(name = "ProjectionRebuildStartedResponse")
    record StartedResponse(@Schema(example = "true") boolean success, RebuildStatus.Started data) {}

    @Schema(name = "ProjectionRebuildResponse")
    record StatusResponse(@Schema(example = "true") boolean success, RebuildStatus data) {}
}
