package io.dispatch.policy.core;

import io.dispatch.policy.core.RiderRanking.Measured;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The decide half of the decider: from the state at its current time, the decisions to make. It only reads the
 * state, except to mark its own decisions pending.
 */
final class Decider {

    static final String RULE_BEST_RIDER = "best-rider: shortest time to pickup, fewest active, longest idle";
    static final String RULE_MATCHING = "matching: least total time to pickup over waiting deliveries x free riders";
    static final String RULE_BROADCAST = "broadcast: every eligible rider within radius";
    static final String RULE_FALLBACK_BROADCAST = "fallback broadcast: every eligible rider within radius";

    /** A delivery that takes part in the matching, with the riders it may get. */
    private record Row(DeliveryState delivery, List<Measured> free) {}

    private final CoreState state;
    private final RoutePlanning planning;

    Decider(CoreState state, RoutePlanning planning) {
        this.state = state;
        this.planning = planning;
    }

    List<Decision> decide() {
        List<Decision> decisions = new ArrayList<>();
        withdrawOffersOfRidersOffShift(decisions);
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
        List<Row> rows = new ArrayList<>();
        List<DeliveryState> batched = new ArrayList<>();
        for (DeliveryState delivery : state.deliveries.values()) {
            if (!delivery.waiting() || !delivery.policy.mode().automatic() || parked(delivery)) {
                continue;
            }
            boolean allDeclined = allDeclined(delivery);
            Policy policy = delivery.policy;
            boolean fallingBack = policy.mode() != Mode.BROADCAST && (delivery.exhausted() || allDeclined);
            if (policy.mode() == Mode.BROADCAST || (fallingBack && policy.fallback() == Fallback.BROADCAST)) {
                broadcast(delivery, considered(delivery, eligible, true), allDeclined, decisions);
                continue;
            }
            if (state.pending.deliveryPending(delivery.dispatchId) || !delivery.openOffers.isEmpty()) {
                continue;
            }
            if (fallingBack) {
                QueueReason reason = delivery.exhausted() ? QueueReason.OFFERS_EXHAUSTED : QueueReason.ALL_DECLINED;
                noRider(delivery, reason, considered(delivery, eligible, true), decisions);
                continue;
            }
            // only riders free to take it are measured here: every fact decides again, so measuring every rider
            // for every waiting delivery would cost deliveries x riders each time (the candidates of a decision
            // are measured once it is made)
            if (policy.mode() == Mode.BATCHED) {
                batched.add(delivery);
                continue;
            }
            List<Measured> free = free(delivery, unoffered);
            if (!free.isEmpty()) {
                rows.add(new Row(delivery, free));
            } else if (delivery.notedReason != QueueReason.NO_RIDER_IN_RADIUS && noneInRadius(delivery, eligible)) {
                noRider(delivery, QueueReason.NO_RIDER_IN_RADIUS, considered(delivery, eligible, false), decisions);
            }
        }
        match(rows, eligible, decisions);
        for (DeliveryState delivery : batched) {
            insert(delivery, eligible, decisions);
        }
        return decisions;
    }

    /** BATCHED: into the route of the eligible rider with room where it adds least (decisions.md §15). */
    private void insert(DeliveryState delivery, List<RiderState> eligible, List<Decision> decisions) {
        List<Measured> considered = considered(delivery, eligible, true);
        if (!delivery.plannable()) {
            noRider(delivery, QueueReason.NO_RIDER_IN_RADIUS, considered, decisions);
            return;
        }
        List<RiderState> withRoom = new ArrayList<>();
        for (Measured measured : considered) {
            RiderState rider = measured.rider();
            if (rider.active.size() + state.pending.pendingCount(rider.riderId) < rider.maxActive) {
                withRoom.add(rider);
            }
        }
        List<Decision> made = withRoom.isEmpty()
                ? List.of()
                : planning.insert(delivery, withRoom, RiderRanking.candidates(considered, null))
                        .orElse(List.of());
        if (made.isEmpty()) {
            noRider(delivery, QueueReason.NO_RIDER_IN_RADIUS, considered, decisions);
        }
        decisions.addAll(made);
    }

    /** The riders without an open offer who may take the delivery now: in radius, and empty or right by the pickup. */
    private List<Measured> free(DeliveryState delivery, List<RiderState> unoffered) {
        TravelModel travel = state.travelOf(delivery.zoneId);
        List<Measured> free = new ArrayList<>();
        for (RiderState rider : unoffered) {
            if (rider.sandbox != delivery.sandbox || delivery.excluded.contains(rider.riderId)) {
                continue;
            }
            Measured measured = RiderRanking.measure(rider, delivery, travel);
            if (RiderRanking.inRadius(measured, delivery)
                    && (rider.active.isEmpty() || measured.seconds() <= state.config.busyRiderMaxEtaSeconds())) {
                free.add(measured);
            }
        }
        return free;
    }

    /** Whether no eligible rider (busy or not) is within the delivery's radius; stops at the first one that is. */
    private boolean noneInRadius(DeliveryState delivery, List<RiderState> eligible) {
        TravelModel travel = state.travelOf(delivery.zoneId);
        for (RiderState rider : eligible) {
            if (rider.sandbox == delivery.sandbox
                    && !delivery.excluded.contains(rider.riderId)
                    && RiderRanking.inRadius(RiderRanking.measure(rider, delivery, travel), delivery)) {
                return false;
            }
        }
        return true;
    }

    /** OPERATOR_QUEUE fallback reached and recorded: no more offers, the operator decides. */
    private static boolean parked(DeliveryState delivery) {
        return delivery.parkedForOperator()
                && delivery.policy.mode() != Mode.BROADCAST
                && delivery.policy.fallback() == Fallback.OPERATOR_QUEUE;
    }

    private List<Measured> considered(DeliveryState delivery, List<RiderState> eligible, boolean withinRadius) {
        TravelModel travel = state.travelOf(delivery.zoneId);
        List<Measured> considered = new ArrayList<>();
        for (RiderState rider : eligible) {
            if (rider.sandbox != delivery.sandbox || delivery.excluded.contains(rider.riderId)) {
                continue;
            }
            Measured measured = RiderRanking.measure(rider, delivery, travel);
            if (!withinRadius || RiderRanking.inRadius(measured, delivery)) {
                considered.add(measured);
            }
        }
        return considered;
    }

    /** Someone declined or let an offer expire, and no rider on shift within radius is left who has not. */
    private boolean allDeclined(DeliveryState delivery) {
        if (delivery.excluded.isEmpty()) {
            return false;
        }
        TravelModel travel = state.travelOf(delivery.zoneId);
        for (RiderState rider : state.riders.values()) {
            if (rider.onShift
                    && rider.sandbox == delivery.sandbox
                    && !delivery.excluded.contains(rider.riderId)
                    && RiderRanking.inRadius(RiderRanking.measure(rider, delivery, travel), delivery)) {
                return false;
            }
        }
        return true;
    }

    private void broadcast(
            DeliveryState delivery, List<Measured> considered, boolean allDeclined, List<Decision> decisions) {
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
            decisions.add(offer(delivery, measured.rider(), candidates, rule));
            offered = true;
        }
        if (!offered && delivery.openOffers.isEmpty() && !state.pending.deliveryPending(delivery.dispatchId)) {
            noRider(
                    delivery,
                    allDeclined ? QueueReason.ALL_DECLINED : QueueReason.NO_RIDER_IN_RADIUS,
                    considered,
                    decisions);
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

    private void noRider(
            DeliveryState delivery, QueueReason reason, List<Measured> considered, List<Decision> decisions) {
        if (delivery.notedReason == reason || state.pending.noRiderPending(delivery.dispatchId, reason)) {
            return;
        }
        decisions.add(new Decision.NoRider(
                delivery.dispatchId, reason, delivery.policy.ref(), RiderRanking.candidates(considered, null)));
        state.pending.markNoRider(delivery.dispatchId, reason, deadline());
    }

    /** RANKED and AUTO_ASSIGN: all waiting deliveries against all free riders at once (ADR 0039). */
    private void match(List<Row> rows, List<RiderState> eligible, List<Decision> decisions) {
        if (rows.isEmpty()) {
            return;
        }
        Map<UUID, Integer> columns = new LinkedHashMap<>();
        List<RiderState> columnRiders = new ArrayList<>();
        for (Row row : rows) {
            for (Measured measured : row.free()) {
                if (columns.putIfAbsent(measured.rider().riderId, columns.size()) == null) {
                    columnRiders.add(measured.rider());
                }
            }
        }
        double[][] cost = new double[rows.size()][columns.size()];
        for (int index = 0; index < rows.size(); index++) {
            Arrays.fill(cost[index], AssignmentSolver.FORBIDDEN);
            Row row = rows.get(index);
            for (Measured measured : row.free()) {
                cost[index][columns.get(measured.rider().riderId)] =
                        RiderRanking.matchingCost(measured, row.delivery(), state.now, state.config);
            }
        }
        int[] assignment = AssignmentSolver.solve(cost);
        for (int index = 0; index < rows.size(); index++) {
            if (assignment[index] < 0) {
                continue;
            }
            Row row = rows.get(index);
            RiderState chosen = columnRiders.get(assignment[index]);
            List<Candidate> candidates = RiderRanking.candidates(considered(row.delivery(), eligible, true), chosen);
            boolean best = candidates.getFirst().riderId().equals(chosen.riderId);
            String rule = best ? RULE_BEST_RIDER : RULE_MATCHING;
            DeliveryState delivery = row.delivery();
            if (delivery.policy.mode() == Mode.AUTO_ASSIGN) {
                decisions.add(new Decision.AutoAssign(
                        delivery.dispatchId, chosen.riderId, delivery.policy.ref(), candidates, rule));
                state.pending.markPair(delivery.dispatchId, chosen.riderId, deadline());
            } else {
                decisions.add(offer(delivery, chosen, candidates, rule));
            }
        }
    }

    private Decision.Offer offer(DeliveryState delivery, RiderState rider, List<Candidate> candidates, String rule) {
        UUID offerId = OfferIds.offerId(delivery.dispatchId, rider.riderId, delivery.offersMadeTo(rider.riderId));
        state.pending.markPair(delivery.dispatchId, rider.riderId, deadline());
        return new Decision.Offer(
                delivery.dispatchId,
                offerId,
                rider.riderId,
                state.now.plus(delivery.policy.offerTimeout()),
                delivery.policy.ref(),
                candidates,
                rule);
    }

    private void withdrawOffersOfRidersOffShift(List<Decision> decisions) {
        for (RiderState rider : state.riders.values()) {
            if (rider.onShift) {
                continue;
            }
            for (OpenOffer offer : rider.openOffers.values()) {
                if (!state.pending.offerEnding(offer.offerId())) {
                    decisions.add(new Decision.Withdraw(
                            offer.dispatchId(), offer.offerId(), rider.riderId, "RIDER_OFF_SHIFT"));
                    state.pending.markOfferEnding(offer.offerId(), deadline());
                }
            }
        }
    }

    private Instant deadline() {
        return state.now.plus(state.config.pendingTimeout());
    }
}
