package io.dispatch.policy.core;

import io.dispatch.policy.core.RiderRanking.Measured;
import java.util.List;
import java.util.UUID;

/**
 * Makes the decider's decisions and marks each pending in the state as it is made, so that no later round decides the
 * same thing again before its fact comes back (or the deadline passes).
 */
final class MarkedDecisions {

    private final CoreState state;

    MarkedDecisions(CoreState state) {
        this.state = state;
    }

    /** An offer to the rider, its id derived from how many the rider had for this delivery (OfferIds). */
    Decision.Offer offer(DeliveryState delivery, RiderState rider, List<Candidate> candidates, String rule) {
        UUID offerId = OfferIds.offerId(delivery.dispatchId, rider.riderId, delivery.offersMadeTo(rider.riderId));
        state.pending.markPair(delivery.dispatchId, rider.riderId, state.pendingDeadline());
        return new Decision.Offer(
                delivery.dispatchId,
                offerId,
                rider.riderId,
                state.now.plus(delivery.policy.offerTimeout()),
                delivery.policy.ref(),
                candidates,
                rule);
    }

    Decision.AutoAssign autoAssign(DeliveryState delivery, RiderState rider, List<Candidate> candidates, String rule) {
        state.pending.markPair(delivery.dispatchId, rider.riderId, state.pendingDeadline());
        return new Decision.AutoAssign(delivery.dispatchId, rider.riderId, delivery.policy.ref(), candidates, rule);
    }

    /** Notes why nobody gets the delivery, unless that reason is noted or pending already. */
    void noRider(DeliveryState delivery, QueueReason reason, List<Measured> considered, List<Decision> decisions) {
        if (delivery.notedReason == reason || state.pending.noRiderPending(delivery.dispatchId, reason)) {
            return;
        }
        decisions.add(new Decision.NoRider(
                delivery.dispatchId, reason, delivery.policy.ref(), RiderRanking.candidates(considered, null)));
        state.pending.markNoRider(delivery.dispatchId, reason, state.pendingDeadline());
    }

    /** Withdraws the rider's open offers, now that the rider is off shift. */
    void withdrawAll(RiderState rider, List<Decision> decisions) {
        for (OpenOffer offer : rider.openOffers.values()) {
            if (!state.pending.offerEnding(offer.offerId())) {
                decisions.add(
                        new Decision.Withdraw(offer.dispatchId(), offer.offerId(), rider.riderId, "RIDER_OFF_SHIFT"));
                state.pending.markOfferEnding(offer.offerId(), state.pendingDeadline());
            }
        }
    }
}
