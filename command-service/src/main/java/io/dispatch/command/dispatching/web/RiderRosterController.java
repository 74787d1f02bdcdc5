package io.dispatch.command.dispatching.web;

import io.dispatch.command.dispatching.roster.RiderRoster;
import io.dispatch.command.dispatching.roster.RiderRoster.ChangeRefused;
import io.dispatch.command.web.DocumentedBody;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Operator API: the riders as the dispatcher sees them (decisions.md §14), and their capacity and
 * side of the sandbox line. Registering a rider stays {@code POST /api/v1/admin/riders}.
 */
@Tag(name = "Operator: riders")
@RestController
@OperatorAccess({OperatorRole.DISPATCHER})
@RequestMapping(path = "/api/v1/admin/riders", produces = MediaType.APPLICATION_JSON_VALUE)
public class RiderRosterController {

    private static final Logger log = LoggerFactory.getLogger(RiderRosterController.class);

    private final RiderRoster roster;

    public RiderRosterController(RiderRoster roster) {
        this.roster = roster;
    }

    @Schema(name = "RiderChangeRequest")
    record ChangeDocument(
            @Schema(minimum = "1", maximum = "20", description = "deliveries the rider may hold at once (default 1)")
            Integer maxActive,

            @Schema(
                    description =
                            "sandbox or real; changes only while the rider holds nothing, and never a simulator's rider")
            Boolean sandbox) {}

    @Operation(operationId = "listRiders", summary = "Every rider", description = """
      [{id, name, phone, sandbox, maxActive, shift: {status: ON|OFF, since}, position: {lat, lng, recordedAt} | \
      null, activeDispatchIds}], by name.""")
    @ApiResponse(responseCode = "200", description = "The riders")
    @GetMapping
    public Mono<Envelope> list(OperatorPrincipal operator) {
        return Blocking.call(roster::all).map(Envelope::of);
    }

    @Operation(operationId = "changeRider", summary = "Change a rider's capacity or sandbox side", description = """
      Body {maxActive? (1..20), sandbox?}. Answers the rider as GET /admin/riders lists it. A rider holding \
      deliveries cannot cross the sandbox line (409), nor can a simulator's rider (409).""")
    @ApiResponse(
            responseCode = "200",
            description = "The rider",
            content = @Content(schema = @Schema(implementation = RiderRoster.RosterRider.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = ChangeDocument.class)))
    @PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> change(
            OperatorPrincipal operator, @PathVariable String id, @RequestBody(required = false) JsonNode body) {
        UUID riderId = ApiException.pathId(id, "Rider");
        FieldErrors errors = new FieldErrors();
        ChangeDocument change =
                DocumentedBody.of(ChangeDocument.class).readBody(body, "{maxActive?, sandbox?}", errors);
        errors.throwIfAny();
        return Blocking.call(() -> {
                    try {
                        return roster.change(riderId, new RiderRoster.Change(change.maxActive(), change.sandbox()))
                                .orElseThrow(() -> ApiException.notFound("Rider"));
                    } catch (ChangeRefused refused) {
                        throw ApiException.conflict(
                                switch (refused.refusal()) {
                                    case SIMULATED_STAYS_SANDBOX -> "A simulator's rider stays a sandbox rider";
                                    case HOLDS_DELIVERIES ->
                                        "The rider holds deliveries taken on this side of the sandbox line;"
                                                + " change it once they are done";
                                },
                                Map.of());
                    }
                })
                .doOnNext(rider -> log.info(
                        "Rider {} now maxActive {}, {} (by {})",
                        rider.id(),
                        rider.maxActive(),
                        rider.sandbox() ? "sandbox" : "real",
                        operator.name()))
                .map(Envelope::of);
    }
}
