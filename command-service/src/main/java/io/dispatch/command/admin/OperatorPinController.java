package io.dispatch.command.admin;

import io.dispatch.command.dispatch.application.DispatchService;
import io.dispatch.command.dispatch.application.PinGuessMetrics;
import io.dispatch.command.dispatch.web.DispatchErrors;
import io.dispatch.representation.DeliveryResponses;
import io.dispatch.representation.OperatorDelivery;
import io.dispatch.representation.PublicUrls;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The operator's side of the delivery PIN guard: after 5 wrong guesses PIN proofs are locked for
 * that delivery, and only an operator (having checked with the customer and the rider) unlocks
 * them. The reset is an event in the delivery's stream, with the operator as its actor.
 */
@Tag(name = "Operator: deliveries")
@RestController
@RequestMapping(path = "/api/v1/admin", produces = MediaType.APPLICATION_JSON_VALUE)
public class OperatorPinController {

    private final DispatchService dispatches;
    private final PinGuessMetrics metrics;
    private final PublicUrls urls;

    public OperatorPinController(DispatchService dispatches, PinGuessMetrics metrics, PublicUrls urls) {
        this.dispatches = dispatches;
        this.metrics = metrics;
        this.urls = urls;
    }

    @Operation(summary = "Reset a delivery's wrong PIN guesses", description = """
      Clears the wrong PIN guesses and so the lock that 5 of them put on PIN proofs (event dispatch.pin_reset, \
      not a status transition: no history entry, no webhook). With no wrong guess recorded nothing changes. \
      A delivery that is DELIVERED, FAILED or CANCELLED answers 409 with details.currentStatus; unknown id 404.""")
    @ApiResponse(
            responseCode = "200",
            description = "The delivery as operators see it, pinLock cleared",
            content = @Content(schema = @Schema(implementation = DeliveryResponses.OperatorDeliveryResponse.class)))
    @OperatorAccess({OperatorRole.DISPATCHER})
    @PostMapping("/dispatches/{id}/pin/reset")
    public Mono<Envelope> reset(
            OperatorPrincipal operator,
            @PathVariable String id,
            @Parameter(description = "who is acting, for the event log")
                    @RequestHeader(name = OperatorDispatchController.OPERATOR_HEADER, required = false)
                    String operatorId) {
        UUID dispatchId = ApiException.pathId(id, "Delivery");
        return dispatches
                .resetPinGuesses(dispatchId, OperatorDispatchController.operator(operator, operatorId))
                .map(written -> Envelope.of(OperatorDelivery.from(written.view(), urls.baseUrl())))
                .onErrorMap(DispatchErrors::toApi);
    }

    @Operation(operationId = "pinGuardStats", summary = "PIN guard counters of this instance", description = """
      Since this instance started: wrong PIN guesses (dispatch.pin.wrong_guesses), guesses that locked PIN \
      proofs (dispatch.pin.locks), PIN proofs refused while locked, and operator resets. Each instance counts \
      what it handled.""")
    @ApiResponse(responseCode = "200", description = "The counters")
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    @GetMapping("/pin-guard/stats")
    public Envelope stats(OperatorPrincipal operator) {
        return Envelope.of(metrics.snapshot());
    }
}
