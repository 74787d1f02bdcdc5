package io.dispatch.command.dispatch.domain;

import static io.dispatch.command.dispatch.domain.LifecycleRules.requireAssignable;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireAssignedRider;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireNotEnded;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireStatus;
import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchCommands.CancelDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmDelivery;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmPickup;
import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.DepartForDropoff;
import io.dispatch.command.dispatch.domain.DispatchCommands.FailDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.RecordRiderLocation;
import io.dispatch.command.dispatch.domain.DispatchCommands.ResetPinGuesses;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.PinProofsLocked;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAcrossSandboxLine;
import io.dispatch.events.Actor;
import io.dispatch.events.ActorType;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.ProofOfDelivery.ProofType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One delivery, event-sourced. It enforces the lifecycle NEW → ASSIGNED → PICKED_UP →
 * IN_TRANSIT → DELIVERED, FAILED from any non-terminal status, CANCELLED from NEW only. Every
 * command handler after creation answers the sequence number of the last event it applied, so
 * the caller can wait for that event to reach the log.
 *
 * <p>It also guards the delivery PIN: every wrong PIN guess is an event, and the fifth locks PIN
 * proofs until an operator resets them. Axon runs one command at a time per delivery (and the
 * event store's unique sequence refuses a racing append from another instance), so however many
 * guesses arrive at once, no more than five are ever compared.
 *
 * <p>Every assignment and every rider's step first asks the {@link SandboxLine}: a sandbox
 * merchant's delivery is for sandbox riders only, a real merchant's for real riders only.
 */
@Aggregate
public class Dispatch {

    @AggregateIdentifier
    private UUID dispatchId;

    private UUID merchantId;
    private DispatchStatus status;
    private UUID riderId;
    private String deliveryPin;
    private int wrongPinGuesses;
    private boolean pinLocked;

    protected Dispatch() {
        // for Axon
    }

    @CommandHandler
    public Dispatch(CreateDispatch command, Clock clock) {
        apply(CreationRules.created(command, clock.instant()));
    }

    @CommandHandler
    public long handle(AssignRider command, Clock clock, SandboxLine line) {
        if (!line.sameSide(merchantId, command.riderId())) {
            throw command.actor().type() == ActorType.RIDER ? new NotFound() : new RiderAcrossSandboxLine();
        }
        requireAssignable(status, command.actor());
        apply(new RiderAssigned(dispatchId, merchantId, clock.instant(), command.actor(), command.riderId(), riderId));
        return lastSequence();
    }

    @CommandHandler
    public long handle(ConfirmPickup command, Clock clock, SandboxLine line) {
        requireOnSameSide(line, command.riderId());
        return riderStep(command.riderId(), DispatchStatus.ASSIGNED, "pick up", DispatchPickedUp::new, clock);
    }

    @CommandHandler
    public long handle(DepartForDropoff command, Clock clock, SandboxLine line) {
        requireOnSameSide(line, command.riderId());
        return riderStep(command.riderId(), DispatchStatus.PICKED_UP, "depart with", DispatchDeparted::new, clock);
    }

    /** An event of the assigned rider's own step on the way, with no more to it than who and when. */
    @FunctionalInterface
    private interface RiderStep {
        DispatchLifecycleEvent of(UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID riderId);
    }

    /** The assigned rider moves the delivery on from {@code from}, as the named {@code action}. */
    private long riderStep(UUID caller, DispatchStatus from, String action, RiderStep step, Clock clock) {
        requireAssignedRider(riderId, caller);
        requireStatus(status, from, action);
        apply(step.of(dispatchId, merchantId, clock.instant(), Actor.rider(riderId), riderId));
        return lastSequence();
    }

    /**
     * A PIN proof while PIN proofs are locked is refused before its PIN is looked at; PHOTO and
     * SIGNATURE proofs are not affected by the lock (they were never guessable).
     */
    @CommandHandler
    public DeliveryAttempt handle(ConfirmDelivery command, Clock clock, SandboxLine line) {
        requireOnSameSide(line, command.riderId());
        requireAssignedRider(riderId, command.riderId());
        requireStatus(status, DispatchStatus.IN_TRANSIT, "deliver");
        ProofRules.checkComplete(command);
        Instant now = clock.instant();
        if (command.proofType() == ProofType.PIN) {
            if (pinLocked) {
                throw new PinProofsLocked(wrongPinGuesses);
            }
            if (!ProofRules.pinMatches(command, deliveryPin)) {
                int guesses = wrongPinGuesses + 1;
                boolean locks = guesses >= ProofRules.MAX_WRONG_PIN_GUESSES;
                apply(new DeliveryPinRejected(
                        dispatchId, merchantId, now, Actor.rider(riderId), riderId, guesses, locks));
                return new DeliveryAttempt.PinRejected(
                        lastSequence(), guesses, Math.max(0, ProofRules.MAX_WRONG_PIN_GUESSES - guesses), locks);
            }
        }
        apply(new DispatchDelivered(
                dispatchId, merchantId, now, Actor.rider(riderId), riderId, ProofRules.proof(command, now)));
        return new DeliveryAttempt.Delivered(lastSequence());
    }

    /** Clears the wrong PIN guesses; with none to clear it changes nothing (and appends nothing). */
    @CommandHandler
    public long handle(ResetPinGuesses command, Clock clock) {
        requireNotEnded(status, "reset the PIN guesses of");
        if (wrongPinGuesses > 0) {
            apply(new DeliveryPinReset(dispatchId, merchantId, clock.instant(), command.actor(), wrongPinGuesses));
        }
        return lastSequence();
    }

    @CommandHandler
    public long handle(FailDispatch command, Clock clock, SandboxLine line) {
        if (command.actor().type() == ActorType.RIDER) {
            UUID caller = UUID.fromString(command.actor().id());
            requireOnSameSide(line, caller);
            requireAssignedRider(riderId, caller);
        }
        requireNotEnded(status, "fail");
        apply(new DispatchFailed(
                dispatchId, merchantId, clock.instant(), command.actor(), command.reasonCode(), command.detail()));
        return lastSequence();
    }

    @CommandHandler
    public long handle(CancelDispatch command, Clock clock) {
        if (!merchantId.equals(command.merchantId())) {
            throw new NotFound();
        }
        requireStatus(status, DispatchStatus.NEW, "cancel");
        apply(new DispatchCancelled(
                dispatchId, merchantId, clock.instant(), Actor.merchant(merchantId), command.reason()));
        return lastSequence();
    }

    @CommandHandler
    public long handle(RecordRiderLocation command, Clock clock) {
        requireAssignedRider(riderId, command.riderId());
        requireNotEnded(status, "track");
        apply(new RiderLocationUpdated(
                dispatchId,
                merchantId,
                clock.instant(),
                Actor.rider(riderId),
                riderId,
                command.latitude(),
                command.longitude(),
                command.recordedAt()));
        return lastSequence();
    }

    @EventSourcingHandler
    void on(DispatchCreated event) {
        dispatchId = event.dispatchId();
        merchantId = event.merchantId();
        status = DispatchStatus.reachedBy(event);
        deliveryPin = event.deliveryPin();
    }

    @EventSourcingHandler
    void on(RiderAssigned event) {
        status = DispatchStatus.reachedBy(event);
        riderId = event.riderId();
    }

    /**
     * The events that only move the status. Axon calls the most specific handler of an event, so
     * the creation and assignment above set theirs; {@link DispatchStatus#after} is the one mapping.
     */
    @EventSourcingHandler
    void on(DispatchLifecycleEvent event) {
        DispatchStatus.after(event).ifPresent(next -> status = next);
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

    /**
     * A rider across the sandbox line is told the delivery does not exist (404), before any rule
     * that would say more about it (its status, who holds it).
     */
    private void requireOnSameSide(SandboxLine line, UUID rider) {
        if (!line.sameSide(merchantId, rider)) {
            throw new NotFound();
        }
    }

    private static long lastSequence() {
        return AggregateLifecycle.getVersion();
    }
}
