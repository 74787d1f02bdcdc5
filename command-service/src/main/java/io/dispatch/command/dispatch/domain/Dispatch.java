package io.dispatch.command.dispatch.domain;

import static io.dispatch.command.dispatch.domain.DispatchState.lastSequence;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireAssignable;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireAssignedRider;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireNotEnded;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireStatus;
import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.dispatch.command.dispatch.domain.DispatchCommands.AssignRider;
import io.dispatch.command.dispatch.domain.DispatchCommands.CancelDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.ConfirmPickup;
import io.dispatch.command.dispatch.domain.DispatchCommands.CreateDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.DepartForDropoff;
import io.dispatch.command.dispatch.domain.DispatchCommands.FailDispatch;
import io.dispatch.command.dispatch.domain.DispatchCommands.RecordRiderLocation;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OffersOnly;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAcrossSandboxLine;
import io.dispatch.events.Actor;
import io.dispatch.events.ActorType;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderLocationUpdated;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateMember;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One delivery, event-sourced. It enforces the lifecycle NEW → ASSIGNED → PICKED_UP →
 * IN_TRANSIT → DELIVERED, FAILED from any non-terminal status, CANCELLED from NEW only. Every
 * command handler after creation answers the sequence number of the last event it applied, so
 * the caller can wait for that event to reach the log.
 *
 * <p>The root handles the merchant's, the operators' and the riders' steps through the lifecycle;
 * its members handle the rest, each one purpose: {@link DispatchState} is where the delivery
 * stands, {@link OfferBook} and {@link OfferDesk} its offers, {@link EngineAssignment} the
 * engine's assignments and route plans, {@link DeliveryHandover} the proof of delivery and its
 * PIN guard. Axon hands every event applied to the root and to each member's handlers.
 *
 * <p>Every assignment and every rider's step first asks the {@link SandboxLine}: a sandbox
 * merchant's delivery is for sandbox riders only, a real merchant's for real riders only.
 */
@Aggregate
public class Dispatch {

    @AggregateIdentifier
    private UUID dispatchId;

    @AggregateMember
    private final DispatchState state = new DispatchState();

    @AggregateMember
    private final OfferBook offerBook = new OfferBook();

    @AggregateMember
    private final OfferDesk offers = new OfferDesk(state, offerBook);

    @AggregateMember
    private final EngineAssignment engine = new EngineAssignment(state, offers);

    @AggregateMember
    private final DeliveryHandover handover = new DeliveryHandover(state);

    protected Dispatch() {
        // for Axon
    }

    @CommandHandler
    public Dispatch(CreateDispatch command, Clock clock) {
        apply(CreationRules.created(command, clock.instant()));
    }

    /**
     * A rider takes a NEW delivery (only with an open offer for it unless its policy is MANUAL), or
     * an operator assigns or reassigns it: an operator's assign always wins and withdraws the open
     * offers first.
     */
    @CommandHandler
    public long handle(AssignRider command, Clock clock, SandboxLine line, RiderCapacity capacity) {
        boolean byRider = command.actor().type() == ActorType.RIDER;
        if (!line.sameSide(state.merchantId(), command.riderId())) {
            throw byRider ? new NotFound() : new RiderAcrossSandboxLine();
        }
        requireAssignable(state.status(), command.actor());
        if (byRider && !DispatchState.MANUAL.equals(state.mode())) {
            OfferBook.Offer offer =
                    offerBook.openFor(command.riderId()).orElseThrow(() -> new OffersOnly(state.mode()));
            return offers.accept(offer, clock, capacity);
        }
        offers.withdrawOpenOffers(
                clock, command.actor(), byRider ? OfferWithdrawn.TAKEN : OfferWithdrawn.OPERATOR_ASSIGNED, null);
        apply(new RiderAssigned(
                dispatchId, state.merchantId(), clock.instant(), command.actor(), command.riderId(), state.riderId()));
        return lastSequence();
    }

    @CommandHandler
    public long handle(ConfirmPickup command, Clock clock, SandboxLine line) {
        state.requireOnSameSide(line, command.riderId());
        return riderStep(command.riderId(), DispatchStatus.ASSIGNED, "pick up", DispatchPickedUp::new, clock);
    }

    @CommandHandler
    public long handle(DepartForDropoff command, Clock clock, SandboxLine line) {
        state.requireOnSameSide(line, command.riderId());
        return riderStep(command.riderId(), DispatchStatus.PICKED_UP, "depart with", DispatchDeparted::new, clock);
    }

    /** An event of the assigned rider's own step on the way, with no more to it than who and when. */
    @FunctionalInterface
    private interface RiderStep {
        DispatchLifecycleEvent of(UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, UUID riderId);
    }

    /** The assigned rider moves the delivery on from {@code from}, as the named {@code action}. */
    private long riderStep(UUID caller, DispatchStatus from, String action, RiderStep step, Clock clock) {
        UUID rider = state.riderId();
        requireAssignedRider(rider, caller);
        requireStatus(state.status(), from, action);
        apply(step.of(dispatchId, state.merchantId(), clock.instant(), Actor.rider(rider), rider));
        return lastSequence();
    }

    @CommandHandler
    public long handle(FailDispatch command, Clock clock, SandboxLine line) {
        if (command.actor().type() == ActorType.RIDER) {
            UUID caller = UUID.fromString(command.actor().id());
            state.requireOnSameSide(line, caller);
            requireAssignedRider(state.riderId(), caller);
        }
        requireNotEnded(state.status(), "fail");
        offers.withdrawOpenOffers(clock, command.actor(), OfferWithdrawn.CANCELLED, null);
        apply(new DispatchFailed(
                dispatchId,
                state.merchantId(),
                clock.instant(),
                command.actor(),
                command.reasonCode(),
                command.detail()));
        return lastSequence();
    }

    @CommandHandler
    public long handle(CancelDispatch command, Clock clock) {
        UUID merchant = state.merchantId();
        if (!merchant.equals(command.merchantId())) {
            throw new NotFound();
        }
        requireStatus(state.status(), DispatchStatus.NEW, "cancel");
        offers.withdrawOpenOffers(clock, Actor.merchant(merchant), OfferWithdrawn.CANCELLED, null);
        apply(new DispatchCancelled(dispatchId, merchant, clock.instant(), Actor.merchant(merchant), command.reason()));
        return lastSequence();
    }

    @CommandHandler
    public long handle(RecordRiderLocation command, Clock clock) {
        UUID rider = state.riderId();
        requireAssignedRider(rider, command.riderId());
        requireNotEnded(state.status(), "track");
        apply(new RiderLocationUpdated(
                dispatchId,
                state.merchantId(),
                clock.instant(),
                Actor.rider(rider),
                rider,
                command.latitude(),
                command.longitude(),
                command.recordedAt()));
        return lastSequence();
    }

    @EventSourcingHandler
    void on(DispatchCreated event) {
        dispatchId = event.dispatchId();
    }
}
