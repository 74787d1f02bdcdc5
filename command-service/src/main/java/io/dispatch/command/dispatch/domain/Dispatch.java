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
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotAutomaticallyAssigned;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotHeldByRider;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OfferClosed;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OfferNotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OffersOnly;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.PinProofsLocked;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAcrossSandboxLine;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAtCapacity;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderExcluded;
import io.dispatch.command.dispatch.domain.OfferCommands.AcceptOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.AssignAutomatically;
import io.dispatch.command.dispatch.domain.OfferCommands.DeclineOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.ExpireOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.GiveBack;
import io.dispatch.command.dispatch.domain.OfferCommands.NoteNoRider;
import io.dispatch.command.dispatch.domain.OfferCommands.OfferToRider;
import io.dispatch.command.dispatch.domain.OfferCommands.WithdrawOffer;
import io.dispatch.command.dispatch.domain.PlanCommands.PlanDelivery;
import io.dispatch.events.Actor;
import io.dispatch.events.ActorType;
import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPinRejected;
import io.dispatch.events.DeliveryPinReset;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDecisionEvent;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchDeparted;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.ProofOfDelivery.ProofType;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderUnassigned;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
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
    private String mode = MANUAL;
    private boolean automaticallyAssigned;
    private final OfferBook offers = new OfferBook();
    private final DeliveryEstimates estimates = new DeliveryEstimates();

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
        if (!line.sameSide(merchantId, command.riderId())) {
            throw byRider ? new NotFound() : new RiderAcrossSandboxLine();
        }
        requireAssignable(status, command.actor());
        if (byRider && !MANUAL.equals(mode)) {
            OfferBook.Offer offer = offers.openFor(command.riderId()).orElseThrow(() -> new OffersOnly(mode));
            return accept(offer, clock, capacity);
        }
        withdrawOpenOffers(
                clock, command.actor(), byRider ? OfferWithdrawn.TAKEN : OfferWithdrawn.OPERATOR_ASSIGNED, null);
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
        withdrawOpenOffers(clock, command.actor(), OfferWithdrawn.CANCELLED, null);
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
        withdrawOpenOffers(clock, Actor.merchant(merchantId), OfferWithdrawn.CANCELLED, null);
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

    /** The engine offers the delivery to one rider; the same offer id again (a second engine, a restart) changes nothing. */
    @CommandHandler
    public long handle(OfferToRider command, Clock clock, SandboxLine line) {
        Optional<OfferBook.Offer> made = offers.find(command.offerId());
        if (made.isPresent()) {
            if (!made.get().riderId().equals(command.riderId())) {
                throw new RiderExcluded();
            }
            return lastSequence();
        }
        requireStatus(status, DispatchStatus.NEW, "offer");
        requireEngineMayChoose(line, command.riderId());
        if (offers.openFor(command.riderId()).isPresent()) {
            return lastSequence();
        }
        apply(new DispatchOffered(
                dispatchId,
                merchantId,
                clock.instant(),
                Actor.engine(),
                command.offerId(),
                command.riderId(),
                command.expiresAt(),
                command.policy(),
                command.candidates(),
                command.rule()));
        return lastSequence();
    }

    /** AUTO_ASSIGN: the engine assigns the best rider at once; the same decision again changes nothing. */
    @CommandHandler
    public long handle(AssignAutomatically command, Clock clock, SandboxLine line) {
        if (status == DispatchStatus.ASSIGNED
                && automaticallyAssigned
                && command.riderId().equals(riderId)) {
            return lastSequence();
        }
        requireStatus(status, DispatchStatus.NEW, "assign automatically");
        requireEngineMayChoose(line, command.riderId());
        Instant now = clock.instant();
        apply(new RiderAutoAssigned(
                dispatchId,
                merchantId,
                now,
                Actor.engine(),
                command.riderId(),
                command.policy(),
                command.candidates(),
                command.rule()));
        if (command.plan() != null) {
            applyPlan(command.riderId(), command.plan(), command.policy(), command.candidates(), now);
        }
        withdrawOpenOffers(clock, Actor.engine(), OfferWithdrawn.TAKEN, null);
        apply(new RiderAssigned(dispatchId, merchantId, now, Actor.engine(), command.riderId(), null));
        return lastSequence();
    }

    /**
     * BATCHED: the rider's route changed around the delivery the rider holds. The same plan again changes nothing; a
     * move of an estimate by more than five minutes from what the merchant was last told is told to the merchant
     * ({@code dispatch.eta_updated}, at most one per five minutes).
     */
    @CommandHandler
    public long handle(PlanDelivery command, Clock clock) {
        requireNotEnded(status, "plan");
        if (status == DispatchStatus.NEW || !command.riderId().equals(riderId)) {
            throw new NotHeldByRider();
        }
        if (estimates.sameAs(command.plan())) {
            return lastSequence();
        }
        Instant now = clock.instant();
        applyPlan(command.riderId(), command.plan(), command.policy(), command.candidates(), now);
        if (estimates.etaUpdateDue(now)) {
            apply(new EtaUpdated(
                    dispatchId, merchantId, now, Actor.engine(), estimates.pickupAt(), estimates.deliveryAt()));
        }
        return lastSequence();
    }

    private void applyPlan(
            UUID rider, PlannedStops plan, DecisionPolicy policy, List<DecisionCandidate> candidates, Instant now) {
        apply(new DeliveryPlanned(
                dispatchId,
                merchantId,
                now,
                Actor.engine(),
                rider,
                plan.estimatedPickupAt(),
                plan.estimatedDeliveryAt(),
                plan.reason(),
                plan.pickupStop(),
                plan.dropoffStop(),
                plan.routeStops(),
                plan.addedSeconds(),
                policy,
                candidates));
    }

    /** Nobody to offer it to; said once per reason until something is offered again. */
    @CommandHandler
    public long handle(NoteNoRider command, Clock clock) {
        requireStatus(status, DispatchStatus.NEW, "queue");
        if (offers.isNewNoRider(command.reason())) {
            apply(new NoRiderFound(
                    dispatchId,
                    merchantId,
                    clock.instant(),
                    Actor.engine(),
                    command.reason(),
                    command.policy(),
                    command.candidates()));
        }
        return lastSequence();
    }

    @CommandHandler
    public long handle(ExpireOffer command, Clock clock) {
        offers.find(command.offerId())
                .filter(offer -> offer.status() == OfferBook.OfferStatus.OPEN)
                .ifPresent(offer -> apply(new OfferExpired(
                        dispatchId, merchantId, clock.instant(), Actor.engine(), offer.offerId(), offer.riderId())));
        return lastSequence();
    }

    @CommandHandler
    public long handle(WithdrawOffer command, Clock clock) {
        offers.find(command.offerId())
                .filter(offer -> offer.status() == OfferBook.OfferStatus.OPEN)
                .ifPresent(offer -> apply(new OfferWithdrawn(
                        dispatchId,
                        merchantId,
                        clock.instant(),
                        Actor.engine(),
                        offer.offerId(),
                        offer.riderId(),
                        command.reason())));
        return lastSequence();
    }

    @CommandHandler
    public long handle(AcceptOffer command, Clock clock, SandboxLine line, RiderCapacity capacity) {
        requireOnSameSide(line, command.riderId());
        OfferBook.Offer offer = ridersOffer(command.offerId(), command.riderId());
        if (offer.status() == OfferBook.OfferStatus.ACCEPTED
                && command.riderId().equals(riderId)) {
            return lastSequence();
        }
        return accept(offer, clock, capacity);
    }

    @CommandHandler
    public long handle(DeclineOffer command, Clock clock, SandboxLine line) {
        requireOnSameSide(line, command.riderId());
        OfferBook.Offer offer = ridersOffer(command.offerId(), command.riderId());
        if (offer.status() == OfferBook.OfferStatus.DECLINED) {
            return lastSequence();
        }
        requireOpen(offer, clock);
        apply(new OfferDeclined(
                dispatchId,
                merchantId,
                clock.instant(),
                Actor.rider(command.riderId()),
                offer.offerId(),
                offer.riderId(),
                command.reason()));
        return lastSequence();
    }

    /** The rider the engine assigned declines: back to NEW, and the engine offers it to the next rider. */
    @CommandHandler
    public long handle(GiveBack command, Clock clock, SandboxLine line) {
        requireOnSameSide(line, command.riderId());
        requireAssignedRider(riderId, command.riderId());
        requireStatus(status, DispatchStatus.ASSIGNED, "decline");
        if (!automaticallyAssigned) {
            throw new NotAutomaticallyAssigned();
        }
        apply(new RiderUnassigned(
                dispatchId, merchantId, clock.instant(), Actor.rider(riderId), riderId, command.reason()));
        return lastSequence();
    }

    private long accept(OfferBook.Offer offer, Clock clock, RiderCapacity capacity) {
        requireOpen(offer, clock);
        requireStatus(status, DispatchStatus.NEW, "accept an offer for");
        if (!capacity.canTakeAnother(offer.riderId())) {
            throw new RiderAtCapacity();
        }
        Instant now = clock.instant();
        Actor rider = Actor.rider(offer.riderId());
        apply(new OfferAccepted(dispatchId, merchantId, now, rider, offer.offerId(), offer.riderId()));
        withdrawOpenOffers(clock, rider, OfferWithdrawn.TAKEN, offer.offerId());
        apply(new RiderAssigned(dispatchId, merchantId, now, rider, offer.riderId(), null));
        return lastSequence();
    }

    /** Closes every open offer (but {@code except}) before the event that makes them moot. */
    private void withdrawOpenOffers(Clock clock, Actor actor, String reason, UUID except) {
        for (OfferBook.Offer open : offers.open()) {
            if (!open.offerId().equals(except)) {
                apply(new OfferWithdrawn(
                        dispatchId, merchantId, clock.instant(), actor, open.offerId(), open.riderId(), reason));
            }
        }
    }

    private OfferBook.Offer ridersOffer(UUID offerId, UUID rider) {
        return offers.find(offerId)
                .filter(offer -> offer.riderId().equals(rider))
                .orElseThrow(OfferNotFound::new);
    }

    /** An offer past its expiry answers EXPIRED even before the engine has closed it. */
    private static void requireOpen(OfferBook.Offer offer, Clock clock) {
        if (offer.status() != OfferBook.OfferStatus.OPEN) {
            throw new OfferClosed(offer.status().name());
        }
        if (!clock.instant().isBefore(offer.expiresAt())) {
            throw new OfferClosed(OfferBook.OfferStatus.EXPIRED.name());
        }
    }

    private void requireEngineMayChoose(SandboxLine line, UUID rider) {
        if (!line.sameSide(merchantId, rider)) {
            throw new RiderAcrossSandboxLine();
        }
        if (offers.excludes(rider)) {
            throw new RiderExcluded();
        }
    }

    @EventSourcingHandler
    void on(DispatchCreated event) {
        dispatchId = event.dispatchId();
        merchantId = event.merchantId();
        status = DispatchStatus.reachedBy(event);
        deliveryPin = event.deliveryPin();
        mode = event.dispatchPolicy() == null ? MANUAL : event.dispatchPolicy().mode();
    }

    @EventSourcingHandler
    void on(RiderAssigned event) {
        status = DispatchStatus.reachedBy(event);
        if (riderId != null && !riderId.equals(event.riderId())) {
            estimates.cleared(); // the last rider's plan is not the new one's
        }
        riderId = event.riderId();
        automaticallyAssigned = event.actor().type() == ActorType.SYSTEM;
        estimates.told();
    }

    @EventSourcingHandler
    void on(RiderUnassigned event) {
        status = DispatchStatus.reachedBy(event);
        riderId = null;
        automaticallyAssigned = false;
        offers.exclude(event.riderId());
        estimates.cleared();
    }

    @EventSourcingHandler
    void on(DeliveryPlanned event) {
        estimates.on(event);
    }

    @EventSourcingHandler
    void on(EtaUpdated event) {
        estimates.on(event);
    }

    @EventSourcingHandler
    void on(DispatchDecisionEvent event) {
        offers.on(event);
    }

    /**
     * The events that only move the status. Axon calls the most specific handler of an event, so
     * the creation and assignment above set theirs; {@link DispatchStatus#after} is the one mapping.
     */
    @EventSourcingHandler
    void on(DispatchLifecycleEvent event) {
        DispatchStatus.after(event).ifPresent(next -> status = next);
        switch (event) {
            case DispatchPickedUp e -> estimates.pickedUp();
            case DispatchFailed e -> estimates.cleared();
            case DispatchCancelled e -> estimates.cleared();
            case DispatchDeparted e -> estimates.told();
            default -> {
                // the estimates stay as they are
            }
        }
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

    private static final String MANUAL = "MANUAL";

    private static long lastSequence() {
        return AggregateLifecycle.getVersion();
    }
}
