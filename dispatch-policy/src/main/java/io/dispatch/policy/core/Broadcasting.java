package io.dispatch.policy.core;

import io.dispatch.policy.core.RiderRanking.Measured;
import java.util.List;
import java.util.UUID;

/**
 * BROADCAST, and the BROADCAST fallback of the other modes: an offer to every eligible rider within radius who has
 * none for the delivery yet; when nobody is left to offer it to and nothing is open, the reason it waits.
 */
final class Broadcasting {

    static final String RULE_BROADCAST = "broadcast: every eligible rider within radius";
    static final String RULE_FALLBACK_BROADCAST = "fallback broadcast: every eligible rider within radius";

    private final CoreState state;
    private final MarkedDecisions marked;

    Broadcasting(CoreState state, MarkedDecisions marked) {
        this.state = state;
        this.marked = marked;
    }

    void broadcast(DeliveryState delivery, List<Measured> considered, boolean allDeclined, List<Decision> decisions) {
        String rule = delivery.policy.mode() == Mode.BROADCAST ? RULE_BROADCAST : RULE_FALLBACK_BROADCAST;
        List<Candidate> candidates = null;
        boolean offered = false;
        for (Measured measured : considered) {
            UUID riderId = measured.rider().riderId;
            if (state.pending.pairPending(delivery.dispatchId, riderId) || hasOpenOffer(delivery, riderId)) {
                continue;
            }
            if (candidates == null) {
                candidates = RiderRanking.candidates(considered, null);
            }
            decisions.add(marked.offer(delivery, measured.rider(), candidates, rule));
            offered = true;
        }
        if (!offered && delivery.openOffers.isEmpty() && !state.pending.deliveryPending(delivery.dispatchId)) {
            QueueReason reason = allDeclined ? QueueReason.ALL_DECLINED : QueueReason.NO_RIDER_IN_RADIUS;
            marked.noRider(delivery, reason, considered, decisions);
        }
    }

    private static boolean hasOpenOffer(DeliveryState delivery, UUID riderId) {
        for (OpenOffer offer : delivery.openOffers.values()) {
            if (offer.riderId().equals(riderId)) {
                return true;
            }
        }
        return false;
    }
}
