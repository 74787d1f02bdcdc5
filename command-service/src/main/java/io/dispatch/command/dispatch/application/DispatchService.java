package io.dispatch.command.dispatch.application;

import io.dispatch.command.dispatch.domain.DeliveryAttempt;
import io.dispatch.command.dispatch.domain.DispatchCommands.CancelDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchCommands.ResetPinGuesses;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.PinProofsLocked;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.WrongPin;
import io.dispatch.events.Actor;
import io.dispatch.web.scheduling.Blocking;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.ConcurrencyException;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * The writes to an existing delivery (creation is {@link DispatchCreation}). Each sends a
 * command to the Dispatch aggregate, then answers the delivery as the event store folds it once
 * the resulting event is on Kafka (see {@link WriteAnswers}).
 */
@Service
public class DispatchService {

    private final CommandGateway commands;
    private final WriteAnswers answers;
    private final PinGuessMetrics pinGuesses;

    DispatchService(CommandGateway commands, WriteAnswers answers, PinGuessMetrics pinGuesses) {
        this.commands = commands;
        this.answers = answers;
        this.pinGuesses = pinGuesses;
    }

    public Mono<Written> cancel(UUID merchantId, UUID dispatchId, String reason) {
        return execute(dispatchId, new CancelDispatch(dispatchId, merchantId, reason));
    }

    /**
     * Sends any command that answers the sequence of its last event, then returns the new state.
     * When another instance appended to the same delivery first (the event store's unique
     * sequence refused this append), the command is decided again against the new state, so
     * racing writers get the answer the rules give, e.g. 409 for the rider who lost a race.
     */
    public Mono<Written> execute(UUID dispatchId, Object command) {
        return send(command, Long.class).flatMap(sequence -> answers.afterWrite(dispatchId, sequence));
    }

    /**
     * The dispatch engine's decision: answers the sequence of the last event as soon as it is
     * stored, without waiting for the log (the engine reads the outcome from the log anyway, and
     * its decision latency counts).
     */
    public Mono<Long> decide(Object command) {
        return send(command, Long.class);
    }

    /**
     * Hands a delivery over. A wrong PIN ends in {@link WrongPin} only once its guess is stored and
     * on its way to the log, so the operator's read that follows sees the count (and any lock).
     */
    public Mono<Written> deliver(ConfirmDelivery command) {
        UUID dispatchId = command.dispatchId();
        return send(command, DeliveryAttempt.class)
                .doOnError(
                        PinProofsLocked.class, locked -> pinGuesses.refusedWhileLocked(dispatchId, command.riderId()))
                .flatMap(attempt -> switch (attempt) {
                    case DeliveryAttempt.Delivered delivered -> answers.afterWrite(dispatchId, delivered.sequence());
                    case DeliveryAttempt.PinRejected rejected -> {
                        pinGuesses.wrongGuess(dispatchId, command.riderId(), rejected);
                        yield answers.afterWrite(dispatchId, rejected.sequence())
                                .then(Mono.error(new WrongPin(rejected.guessesLeft())));
                    }
                });
    }

    /** An operator clears the wrong PIN guesses (and so the lock) of a delivery still under way. */
    public Mono<Written> resetPinGuesses(UUID dispatchId, Actor operator) {
        return execute(dispatchId, new ResetPinGuesses(dispatchId, operator))
                .doOnNext(written -> pinGuesses.reset(dispatchId, operator.id()));
    }

    private <T> Mono<T> send(Object command, Class<T> answer) {
        return Blocking.call(() -> answer.cast(commands.sendAndWait(command)))
                .retryWhen(Retry.max(3).filter(DispatchService::lostRace));
    }

    private static boolean lostRace(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConcurrencyException) {
                return true;
            }
        }
        return false;
    }
}
