package io.dispatch.engine.web;

import io.dispatch.engine.loop.EngineLoop;
import io.dispatch.engine.loop.EngineStatus;
import io.dispatch.web.Envelope;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Operator API of the engine's own process: what it sees. Served where the engine runs (its own
 * port when it runs apart; the local run's port in one JVM), not through the front.
 */
@Tag(name = "Operator: dispatching")
@RestController
public class EngineStatusController {

    private final EngineLoop engine;

    public EngineStatusController(EngineLoop engine) {
        this.engine = engine;
    }

    @Operation(operationId = "getDispatchEngine", summary = "What the dispatch engine sees", description = """
      {leading (this instance decides), caughtUp (read the log up to where it stood at start), now, waiting: \
      [{dispatchId, zoneId, openedAt, reason, offersMade, openOffers}], riders: [{riderId, onShift, sandbox, \
      maxActive, position, positionAt, activeDispatchIds, openOffers, eligible}]}. A rider who gets no offers is \
      not eligible here: off shift, no position in the last 5 minutes, or holding maxActive deliveries.""")
    @ApiResponse(responseCode = "200", description = "The engine's view")
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    @GetMapping(path = "/api/v1/admin/dispatch/engine", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> status(OperatorPrincipal operator) {
        return Blocking.call(engine::status).map((EngineStatus status) -> Envelope.of(status));
    }
}
