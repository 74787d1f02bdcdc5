package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchCreation;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.InvalidProof;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotTheAssignedRider;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OfferClosed;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OfferNotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.PinProofsLocked;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAcrossSandboxLine;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.TransitionNotAllowed;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.WrongPin;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.modelling.command.AggregateNotFoundException;

/** Maps the aggregate's refusals to the contract's codes. */
public final class DispatchErrors {

    private DispatchErrors() {}

    public static Throwable toApi(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CommandExecutionException || cause instanceof java.util.concurrent.CompletionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return switch (cause) {
            case TransitionNotAllowed t ->
                ApiException.conflict(
                        t.getMessage(),
                        Map.of("currentStatus", t.currentStatus().name()));
            case NotTheAssignedRider t -> new ApiException(ErrorCode.FORBIDDEN, t.getMessage());
            case NotFound t -> ApiException.notFound("Delivery");
            case RiderAcrossSandboxLine t -> ApiException.validation("riderId", t.getMessage());
            case InvalidProof t -> ApiException.validation(t.field(), t.getMessage());
            case WrongPin t ->
                new ApiException(
                        ErrorCode.VALIDATION_ERROR,
                        t.getMessage(),
                        Map.of(
                                "fieldErrors", Map.of("proof.pin", List.of(t.getMessage())),
                                "pinGuessesLeft", t.guessesLeft(),
                                "pinLocked", t.guessesLeft() == 0));
            case PinProofsLocked t -> ApiException.conflict(t.getMessage(), Map.of("pinLocked", true));
            case OfferNotFound t -> ApiException.notFound("Offer");
            case OfferClosed t -> ApiException.conflict(t.getMessage(), Map.of("offerStatus", t.offerStatus()));
            case DispatchCreation.KeyReused t -> ApiException.conflict(t.getMessage(), Map.of());
            case AggregateNotFoundException t -> ApiException.notFound("Delivery");
            case DispatchRuleViolation t -> ApiException.conflict(t.getMessage(), Map.of());
            default -> cause;
        };
    }
}
