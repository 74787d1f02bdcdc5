package io.dispatch.simulator.status;

import io.dispatch.web.Envelope;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** Operators see whether the sandbox simulator runs, what its riders carry and how trips ended. */
@Tag(name = "Operator: sandbox simulator")
@RestController
public class SimulatorAdminController {

    private final ObjectProvider<Status.Source> simulator;

    public SimulatorAdminController(ObjectProvider<Status.Source> simulator) {
        this.simulator = simulator;
    }

    @Operation(operationId = "simulatorStatus", summary = "The sandbox rider simulator", description = """
      {enabled: false} when dispatch.simulator.enabled is off (always under a production profile); else the \
      settings, each simulated rider with the delivery it carries and the ones queued for it, the deliveries \
      waiting for a free rider, counts of outcomes (accepted, DELIVERED, FAILED, INTERRUPTED, LEFT, GAVE_UP), \
      how the riders answered the dispatch engine (offers: accepted, declined, gone when the offer had expired, \
      was withdrawn or taken, failed, and automatic assignments kept or givenBack, by declineShare), and the \
      active and last 50 trips (distance, zone speed, simulated ride time, location reports).""")
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    @GetMapping(path = "/api/v1/admin/simulator", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> status(OperatorPrincipal operator) {
        Status.Source running = simulator.getIfAvailable();
        return Mono.just(Envelope.of(running == null ? Map.of("enabled", false) : running.status()));
    }
}
