package io.dispatch.policy.core;

import io.dispatch.policy.core.RiderRanking.Measured;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The decide half of the decider: from the state at its current time, the decisions to make. It sorts the waiting
 * deliveries by what their mode and history call for ({@link Broadcasting}, {@link Matching}, BATCHED's {@link
 * RoutePlanning}, or noting that nobody can take them) and only reads the state, except to mark its own decisions
 * pending ({@link MarkedDecisions}).
 */
final class Decider {

    private final CoreState state;
    private final RiderReach reach;
    private final MarkedDecisions marked;
    private final Broadcasting broadcasting;
    private final Matching matching;
    private final BatchedMatching batchedMatching;

    Decider(CoreState state, RoutePlanning planning) {
        this.state = state;
        this.reach = new RiderReach(state);
        this.marked = new MarkedDecisions(state);
        this.broadcasting = new Broadcasting(state, marked);
        this.matching = new Matching(state, reach, marked);
        this.batchedMatching = new BatchedMatching(state, planning, reach, marked);
    }

    List<Decision> decide() {
        List<Decision> decisions = new ArrayList<>();
        for (RiderState rider : state.riders.values()) {
            if (!rider.onShift) {
                marked.withdrawAll(rider, decisions);
            }
        }
        Instant now = state.now;
        List<RiderState> eligible = new ArrayList<>();
        List<RiderState> unoffered = new ArrayList<>();
        for (RiderState rider : state.riders.values()) {
            if (rider.eligible(now, state.config.maxPositionAge())) {
                eligible.add(rider);
                if (rider.openOffers.isEmpty() && !state.pending.riderPending(rider.riderId)) {
                    unoffered.add(rider);
                }
            }
        }
        List<Matching.Row> rows = new ArrayList<>();
        List<DeliveryState> batched = new ArrayList<>();
        for (DeliveryState delivery : state.deliveries.values()) {
            if (!delivery.waiting() || !delivery.policy.mode().automatic() || parked(delivery)) {
                continue;
            }
            boolean allDeclined = reach.allDeclined(delivery);
            Policy policy = delivery.policy;
            boolean fallingBack = policy.mode() != Mode.BROADCAST && (delivery.exhausted() || allDeclined);
            if (policy.mode() == Mode.BROADCAST || (fallingBack && policy.fallback() == Fallback.BROADCAST)) {
                broadcasting.broadcast(delivery, reach.considered(delivery, eligible, true), allDeclined, decisions);
                continue;
            }
            if (state.pending.deliveryPending(delivery.dispatchId) || !delivery.openOffers.isEmpty()) {
                continue;
            }
            if (fallingBack) {
                QueueReason reason = delivery.exhausted() ? QueueReason.OFFERS_EXHAUSTED : QueueReason.ALL_DECLINED;
                marked.noRider(delivery, reason, reach.considered(delivery, eligible, true), decisions);
                continue;
            }
            // only riders free to take it are measured here: every fact decides again, so measuring every rider
            // for every waiting delivery would cost deliveries x riders each time (the candidates of a decision
            // are measured once it is made)
            if (policy.mode() == Mode.BATCHED) {
                batched.add(delivery);
                continue;
            }
            List<Measured> free = reach.free(delivery, unoffered);
            if (!free.isEmpty()) {
                rows.add(new Matching.Row(delivery, free));
            } else if (delivery.notedReason != QueueReason.NO_RIDER_IN_RADIUS
                    && reach.noneInRadius(delivery, eligible)) {
                List<Measured> considered = reach.considered(delivery, eligible, false);
                marked.noRider(delivery, QueueReason.NO_RIDER_IN_RADIUS, considered, decisions);
            }
        }
        matching.match(rows, eligible, decisions);
        batchedMatching.insertAll(batched, eligible, decisions);
        return decisions;
    }

    /** OPERATOR_QUEUE fallback reached and recorded: no more offers, the operator decides. */
    private static boolean parked(DeliveryState delivery) {
        return delivery.parkedForOperator()
                && delivery.policy.mode() != Mode.BROADCAST
                && delivery.policy.fallback() == Fallback.OPERATOR_QUEUE;
    }
}
