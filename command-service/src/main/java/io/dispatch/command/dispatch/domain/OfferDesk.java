package io.dispatch.command.dispatch.domain;

import static io.dispatch.command.dispatch.domain.DispatchState.lastSequence;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireStatus;
import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OfferClosed;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.OfferNotFound;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAcrossSandboxLine;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAtCapacity;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderExcluded;
import io.dispatch.command.dispatch.domain.OfferCommands.AcceptOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.DeclineOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.ExpireOffer;
import io.dispatch.command.dispatch.domain.OfferCommands.NoteNoRider;
import io.dispatch.command.dispatch.domain.OfferCommands.OfferToRider;
import io.dispatch.command.dispatch.domain.OfferCommands.WithdrawOffer;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.NoRiderFound;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.RiderAssigned;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.axonframework.commandhandling.CommandHandler;

/**
 * The offers of one delivery (decisions.md §14): the engine offers it to riders, lets offers
 * expire or withdraws them, says when nobody is eligible; a rider accepts or declines an offer made
 * to them. A member of the {@link Dispatch} aggregate; what the offers are is its {@link OfferBook}.
 */
final class OfferDesk {

    private final DispatchState state;
    private final OfferBook book;

    OfferDesk(DispatchState state, OfferBook book) {
        this.state = state;
        this.book = book;
    }

    /** The engine offers the delivery to one rider; the same offer id again (a second engine, a restart) changes nothing. */
    @CommandHandler
    long handle(OfferToRider command, Clock clock, SandboxLine line) {
        Optional<OfferBook.Offer> made = book.find(command.offerId());
        if (made.isPresent()) {
            if (!made.get().riderId().equals(command.riderId())) {
                throw new RiderExcluded();
            }
            return lastSequence();
        }
        requireStatus(state.status(), DispatchStatus.NEW, "offer");
        requireEngineMayChoose(line, command.riderId());
        if (book.openFor(command.riderId()).isPresent()) {
            return lastSequence();
        }
        apply(new DispatchOffered(
                state.dispatchId(),
                state.merchantId(),
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

    /** Nobody to offer it to; said once per reason until something is offered again. */
    @CommandHandler
    long handle(NoteNoRider command, Clock clock) {
        requireStatus(state.status(), DispatchStatus.NEW, "queue");
        if (book.isNewNoRider(command.reason())) {
            apply(new NoRiderFound(
                    state.dispatchId(),
                    state.merchantId(),
                    clock.instant(),
                    Actor.engine(),
                    command.reason(),
                    command.policy(),
                    command.candidates()));
        }
        return lastSequence();
    }

    @CommandHandler
    long handle(ExpireOffer command, Clock clock) {
        book.find(command.offerId())
                .filter(offer -> offer.status() == OfferBook.OfferStatus.OPEN)
                .ifPresent(offer -> apply(new OfferExpired(
                        state.dispatchId(),
                        state.merchantId(),
                        clock.instant(),
                        Actor.engine(),
                        offer.offerId(),
                        offer.riderId())));
        return lastSequence();
    }

    @CommandHandler
    long handle(WithdrawOffer command, Clock clock) {
        book.find(command.offerId())
                .filter(offer -> offer.status() == OfferBook.OfferStatus.OPEN)
                .ifPresent(offer -> withdraw(offer, clock, Actor.engine(), command.reason()));
        return lastSequence();
    }

    @CommandHandler
    long handle(AcceptOffer command, Clock clock, SandboxLine line, RiderCapacity capacity) {
        state.requireOnSameSide(line, command.riderId());
        OfferBook.Offer offer = ridersOffer(command.offerId(), command.riderId());
        if (offer.status() == OfferBook.OfferStatus.ACCEPTED
                && command.riderId().equals(state.riderId())) {
            return lastSequence();
        }
        return accept(offer, clock, capacity);
    }

    @CommandHandler
    long handle(DeclineOffer command, Clock clock, SandboxLine line) {
        state.requireOnSameSide(line, command.riderId());
        OfferBook.Offer offer = ridersOffer(command.offerId(), command.riderId());
        if (offer.status() == OfferBook.OfferStatus.DECLINED) {
            return lastSequence();
        }
        requireOpen(offer, clock);
        apply(new OfferDeclined(
                state.dispatchId(),
                state.merchantId(),
                clock.instant(),
                Actor.rider(command.riderId()),
                offer.offerId(),
                offer.riderId(),
                command.reason()));
        return lastSequence();
    }

    /** The rider takes the offer: accepted, the other open offers withdrawn as taken, the rider assigned. */
    long accept(OfferBook.Offer offer, Clock clock, RiderCapacity capacity) {
        requireOpen(offer, clock);
        requireStatus(state.status(), DispatchStatus.NEW, "accept an offer for");
        if (!capacity.canTakeAnother(offer.riderId())) {
            throw new RiderAtCapacity();
        }
        Instant now = clock.instant();
        Actor rider = Actor.rider(offer.riderId());
        apply(new OfferAccepted(state.dispatchId(), state.merchantId(), now, rider, offer.offerId(), offer.riderId()));
        withdrawOpenOffers(clock, rider, OfferWithdrawn.TAKEN, offer.offerId());
        apply(new RiderAssigned(state.dispatchId(), state.merchantId(), now, rider, offer.riderId(), null));
        return lastSequence();
    }

    /** Closes every open offer (but {@code except}) before the event that makes them moot. */
    void withdrawOpenOffers(Clock clock, Actor actor, String reason, UUID except) {
        for (OfferBook.Offer open : book.open()) {
            if (!open.offerId().equals(except)) {
                withdraw(open, clock, actor, reason);
            }
        }
    }

    /** Before the engine assigns or offers: the rider is on the delivery's side of the sandbox line and not excluded. */
    void requireEngineMayChoose(SandboxLine line, UUID rider) {
        if (!line.sameSide(state.merchantId(), rider)) {
            throw new RiderAcrossSandboxLine();
        }
        if (book.excludes(rider)) {
            throw new RiderExcluded();
        }
    }

    private void withdraw(OfferBook.Offer offer, Clock clock, Actor actor, String reason) {
        apply(new OfferWithdrawn(
                state.dispatchId(),
                state.merchantId(),
                clock.instant(),
                actor,
                offer.offerId(),
                offer.riderId(),
                reason));
    }

    private OfferBook.Offer ridersOffer(UUID offerId, UUID rider) {
        return book.find(offerId).filter(offer -> offer.riderId().equals(rider)).orElseThrow(OfferNotFound::new);
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
}
