package io.dispatch.query.console;

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
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The console's exceptions page: the deliveries that need an operator (decisions.md §16). */
@Tag(name = "Operator: dispatching")
@RestController
public class DeliveryExceptionsController {

    private final DeliveryExceptions exceptions;

    public DeliveryExceptionsController(DeliveryExceptions exceptions) {
        this.exceptions = exceptions;
    }

    @Operation(
            operationId = "getDeliveryExceptions",
            summary = "Deliveries late, FAILED or PIN-locked",
            description = """
      {now, late, failed, pinLocked}, each a list of {dispatchId, merchantId, status, riderId, zoneId, \
      targetDeliveryAt, failureReason, pinLockedAt, createdAt, updatedAt}, at most 100 each: late are every \
      merchant's deliveries still NEW, ASSIGNED, PICKED_UP or IN_TRANSIT after their targetDeliveryAt, the \
      most overdue first; failed those that FAILED within the last 24 hours, newest first; pinLocked the open \
      ones whose PIN proofs 5 wrong guesses locked (POST /admin/dispatches/:id/pin/reset clears it). As the \
      deliveries read model has them (a change shows once the projection applied it).""")
    @ApiResponse(
            responseCode = "200",
            description = "The exceptions",
            content = @Content(schema = @Schema(implementation = DeliveryExceptions.Exceptions.class)))
    @GetMapping(path = "/api/v1/admin/dispatch/exceptions", produces = MediaType.APPLICATION_JSON_VALUE)
    @OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
    public Mono<Envelope> exceptions(OperatorPrincipal operator) {
        return Blocking.call(exceptions::read).map(Envelope::of);
    }
}
