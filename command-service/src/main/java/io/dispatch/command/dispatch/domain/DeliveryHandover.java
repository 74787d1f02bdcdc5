package io.dispatch.command.dispatch.domain;

import static io.dispatch.command.dispatch.domain.DispatchState.lastSequence;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireAssignedRider;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireNotEnded;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireStatus;
import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchCommands.ResetPinGuesses;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.PinProofsLocked;
import io.dispatch.events.Actor;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.ProofOfDelivery.ProofType;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;

/**
 * The hand-over at the drop-off, and the guard on its PIN: every wrong PIN guess is an event, and
 * the fifth locks PIN proofs until an operator resets them. Axon runs one command at a time per
 * delivery (and the event store's unique sequence refuses a racing append from another instance),
 * so however many guesses arrive at once, no more than five are ever compared. A member of the
 * {@link Dispatch} aggregate; what a proof must carry is {@link ProofRules}'.
 */
final class DeliveryHandover {

    private final DispatchState state;
    private String deliveryPin;
    private int wrongPinGuesses;
    private boolean pinLocked;

    DeliveryHandover(DispatchState state) {
        this.state = state;
    }

    /**
     * A PIN proof while PIN proofs are locked is refused before its PIN is looked at; PHOTO and
     * SIGNATURE proofs are not affected by the lock (they were never guessable).
     */
    @CommandHandler
    DeliveryAttempt handle(ConfirmDelivery command, Clock clock, SandboxLine line) {
        state.requireOnSameSide(line, command.riderId());
        requireAssignedRider(state.riderId(), command.riderId());
        requireStatus(state.status(), DispatchStatus.IN_TRANSIT, "deliver");
        ProofRules.checkComplete(command);
        Instant now = clock.instant();
        UUID rider = state.riderId();
        if (command.proofType() == ProofType.PIN) {
            if (pinLocked) {
                throw new PinProofsLocked(wrongPinGuesses);
            }
            if (!ProofRules.pinMatches(command, deliveryPin)) {
                int guesses = wrongPinGuesses + 1;
                boolean locks = guesses >= ProofRules.MAX_WRONG_PIN_GUESSES;
                apply(new DeliveryPinRejected(
                        state.dispatchId(), state.merchantId(), now, Actor.rider(rider), rider, guesses, locks));
                return new DeliveryAttempt.PinRejected(
                        lastSequence(), guesses, Math.max(0, ProofRules.MAX_WRONG_PIN_GUESSES - guesses), locks);
            }
        }
        apply(new DispatchDelivered(
                state.dispatchId(),
                state.merchantId(),
                now,
                Actor.rider(rider),
                rider,
                ProofRules.proof(command, now)));
        return new DeliveryAttempt.Delivered(lastSequence());
    }

    /** Clears the wrong PIN guesses; with none to clear it changes nothing (and appends nothing). */
    @CommandHandler
    long handle(ResetPinGuesses command, Clock clock) {
        requireNotEnded(state.status(), "reset the PIN guesses of");
        if (wrongPinGuesses > 0) {
            apply(new DeliveryPinReset(
                    state.dispatchId(), state.merchantId(), clock.instant(), command.actor(), wrongPinGuesses));
        }
        return lastSequence();
    }

    @EventSourcingHandler
    void on(DispatchCreated event) {
        deliveryPin = event.deliveryPin();
    }

    @EventSourcingHandler
    void on(DeliveryPinRejected event) {
        wrongPinGuesses = event.wrongGuesses();
        pinLocked = pinLocked || event.locked();
    }

    @EventSourcingHandler
    void on(DeliveryPinReset event) {
        wrongPinGuesses = 0;
        pinLocked = false;
    }
}
