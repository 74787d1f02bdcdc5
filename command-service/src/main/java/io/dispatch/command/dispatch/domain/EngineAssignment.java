package io.dispatch.command.dispatch.domain;

import static io.dispatch.command.dispatch.domain.DispatchState.lastSequence;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireAssignedRider;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireNotEnded;
import static io.dispatch.command.dispatch.domain.LifecycleRules.requireStatus;
import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotAutomaticallyAssigned;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotHeldByRider;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.NotMovable;
import io.dispatch.command.dispatch.domain.DispatchRuleViolation.RiderAtCapacity;
import io.dispatch.command.dispatch.domain.OfferCommands.AssignAutomatically;
import io.dispatch.command.dispatch.domain.OfferCommands.GiveBack;
import io.dispatch.command.dispatch.domain.PlanCommands.PlanDelivery;
import io.dispatch.command.dispatch.domain.PlanCommands.ReassignDelivery;
import io.dispatch.events.Actor;
import io.dispatch.events.DecisionCandidate;
import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.OfferWithdrawn;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderUnassigned;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.commandhandling.CommandHandler;

/**
 * The engine's assignments without an offer (AUTO_ASSIGN, BATCHED) and the route plans that come
 * with BATCHED: the engine assigns, the rider may give such a delivery back, and the planner moves
 * it on the rider's route. A member of the {@link Dispatch} aggregate; the merchant hears of a moved
 * estimate as {@link DeliveryEstimates} rules.
 */
final class EngineAssignment {

    private final DispatchState state;
    private final OfferDesk offers;

    EngineAssignment(DispatchState state, OfferDesk offers) {
        this.state = state;
        this.offers = offers;
    }

    /** AUTO_ASSIGN: the engine assigns the best rider at once; the same decision again changes nothing. */
    @CommandHandler
    long handle(AssignAutomatically command, Clock clock, SandboxLine line) {
        if (state.status() == DispatchStatus.ASSIGNED
                && state.automaticallyAssigned()
                && command.riderId().equals(state.riderId())) {
            return lastSequence();
        }
        requireStatus(state.status(), DispatchStatus.NEW, "assign automatically");
        offers.requireEngineMayChoose(line, command.riderId());
        Instant now = clock.instant();
        apply(new RiderAutoAssigned(
                state.dispatchId(),
                state.merchantId(),
                now,
                Actor.engine(),
                command.riderId(),
                command.policy(),
                command.candidates(),
                command.rule()));
        if (command.plan() != null) {
            applyPlan(command.riderId(), command.plan(), command.policy(), command.candidates(), now);
        }
        offers.withdrawOpenOffers(clock, Actor.engine(), OfferWithdrawn.TAKEN, null);
        apply(new RiderAssigned(state.dispatchId(), state.merchantId(), now, Actor.engine(), command.riderId(), null));
        return lastSequence();
    }

    /** The rider the engine assigned declines: back to NEW, and the engine offers it to the next rider. */
    @CommandHandler
    long handle(GiveBack command, Clock clock, SandboxLine line) {
        state.requireOnSameSide(line, command.riderId());
        requireAssignedRider(state.riderId(), command.riderId());
        requireStatus(state.status(), DispatchStatus.ASSIGNED, "decline");
        if (!state.automaticallyAssigned()) {
            throw new NotAutomaticallyAssigned();
        }
        UUID rider = state.riderId();
        apply(new RiderUnassigned(
                state.dispatchId(), state.merchantId(), clock.instant(), Actor.rider(rider), rider, command.reason()));
        return lastSequence();
    }

    /**
     * BATCHED: the rider's route changed around the delivery the rider holds. The same plan again changes nothing; a
     * move of an estimate by more than five minutes from what the merchant was last told is told to the merchant
     * ({@code dispatch.eta_updated}, at most one per five minutes).
     */
    @CommandHandler
    long handle(PlanDelivery command, Clock clock) {
        requireNotEnded(state.status(), "plan");
        if (state.status() == DispatchStatus.NEW || !command.riderId().equals(state.riderId())) {
            throw new NotHeldByRider();
        }
        DeliveryEstimates estimates = state.estimates();
        if (estimates.sameAs(command.plan())) {
            return lastSequence();
        }
        Instant now = clock.instant();
        applyPlan(command.riderId(), command.plan(), command.policy(), command.candidates(), now);
        tellMerchantIfDue(now);
        return lastSequence();
    }

    /**
     * BATCHED's improvement moves a delivery nobody has collected to another rider's route (ADR 0061): only one the
     * engine assigned, still ASSIGNED to {@code fromRiderId}, to a rider on its side of the sandbox line who did not
     * decline it and has room. The events are those of any automatic assignment (the decision with its rule, the
     * assignment naming the rider before, the plan on the new route); the merchant hears of the new rider as of a
     * reassignment, and of the new estimates as {@link DeliveryEstimates} rules. The same move again changes nothing.
     */
    @CommandHandler
    long handle(ReassignDelivery command, Clock clock, SandboxLine line, RiderCapacity capacity) {
        if (state.status() == DispatchStatus.ASSIGNED
                && state.automaticallyAssigned()
                && command.riderId().equals(state.riderId())) {
            return lastSequence();
        }
        requireStatus(state.status(), DispatchStatus.ASSIGNED, "move to another rider's route");
        if (!command.fromRiderId().equals(state.riderId())) {
            throw new NotMovable("the rider it was to move from no longer holds it");
        }
        if (!state.automaticallyAssigned()) {
            throw new NotMovable("an operator or the rider's own acceptance assigned it");
        }
        offers.requireEngineMayChoose(line, command.riderId());
        if (!capacity.canTakeAnother(command.riderId())) {
            throw new RiderAtCapacity();
        }
        Instant now = clock.instant();
        apply(new RiderAutoAssigned(
                state.dispatchId(),
                state.merchantId(),
                now,
                Actor.engine(),
                command.riderId(),
                command.policy(),
                List.of(),
                command.rule()));
        apply(new RiderAssigned(
                state.dispatchId(), state.merchantId(), now, Actor.engine(), command.riderId(), command.fromRiderId()));
        applyPlan(command.riderId(), command.plan(), command.policy(), List.of(), now);
        tellMerchantIfDue(now);
        return lastSequence();
    }

    /** After a plan: {@code dispatch.eta_updated} when {@link DeliveryEstimates} says the merchant is due one. */
    private void tellMerchantIfDue(Instant now) {
        DeliveryEstimates estimates = state.estimates();
        if (estimates.etaUpdateDue(now)) {
            apply(new EtaUpdated(
                    state.dispatchId(),
                    state.merchantId(),
                    now,
                    Actor.engine(),
                    estimates.pickupAt(),
                    estimates.deliveryAt()));
        }
    }

    private void applyPlan(
            UUID rider, PlannedStops plan, DecisionPolicy policy, List<DecisionCandidate> candidates, Instant now) {
        apply(new DeliveryPlanned(
                state.dispatchId(),
                state.merchantId(),
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
}
