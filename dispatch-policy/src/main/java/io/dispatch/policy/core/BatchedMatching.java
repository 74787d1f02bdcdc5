package io.dispatch.policy.core;

import io.dispatch.policy.core.RiderRanking.Measured;
import io.dispatch.policy.core.RoutePlanning.Placement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * BATCHED's decisions for all waiting deliveries at once (decisions.md §15, ADR 0059): each delivery's cheapest
 * place on the routes of the riders with room, then the placement that adds least <em>beyond the delivery's own
 * cost</em> is taken first, the others are found again where it changed a route, and so on until no rider with room
 * is left for any of them.
 *
 * <p>Taking the deliveries one by one in the order they opened gave a rider who frees up to the oldest waiting
 * delivery wherever it was in the radius (and, with two bags, the second oldest too): on a day short of riders most
 * deliveries wait, and the freed riders rode across the zone for them. Comparing what each placement adds beyond
 * what the delivery costs on its own (its ride and its kitchen's wait, which no rider changes) gives a freed rider
 * the delivery it adds least to, as RANKED's matching gives it the nearest.
 */
final class BatchedMatching {

    private final CoreState state;
    private final RoutePlanning planning;
    private final RiderReach reach;
    private final MarkedDecisions marked;

    BatchedMatching(CoreState state, RoutePlanning planning, RiderReach reach, MarkedDecisions marked) {
        this.state = state;
        this.planning = planning;
        this.reach = reach;
        this.marked = marked;
    }

    /** A waiting delivery, the riders in its radius, what it costs alone and its best placement now. */
    private static final class Waiting {
        final DeliveryState delivery;
        final List<Measured> considered;
        double ownCost;
        Optional<Placement> best;

        Waiting(DeliveryState delivery, List<Measured> considered) {
            this.delivery = delivery;
            this.considered = considered;
        }

        double added() {
            return best.map(placement -> placement.addedCost() - ownCost).orElse(Double.POSITIVE_INFINITY);
        }
    }

    /** Places the waiting BATCHED {@code deliveries} (in the order they opened) on the routes of {@code eligible}. */
    void insertAll(List<DeliveryState> deliveries, List<RiderState> eligible, List<Decision> decisions) {
        List<Waiting> open = new ArrayList<>();
        for (DeliveryState delivery : deliveries) {
            List<Measured> considered = reach.considered(delivery, eligible, true);
            if (!delivery.plannable()) {
                marked.noRider(delivery, QueueReason.NO_RIDER_IN_RADIUS, considered, decisions);
                continue;
            }
            Waiting waiting = new Waiting(delivery, considered);
            List<RiderState> withRoom = withRoom(considered);
            waiting.best = withRoom.isEmpty() ? Optional.empty() : planning.place(delivery, withRoom);
            if (waiting.best.isPresent()) {
                waiting.ownCost = planning.ownCost(delivery);
            }
            open.add(waiting);
        }
        while (true) {
            Waiting next = null;
            for (Waiting waiting : open) {
                if (waiting.best.isPresent() && (next == null || waiting.added() < next.added())) {
                    next = waiting;
                }
            }
            if (next == null) {
                break;
            }
            open.remove(next);
            RiderState chosen = state.riders.get(next.best.get().riderId());
            decisions.addAll(
                    planning.insert(next.delivery, next.best.get(), RiderRanking.candidates(next.considered, null)));
            for (Waiting waiting : open) {
                refresh(waiting, chosen);
            }
        }
        for (Waiting waiting : open) {
            marked.noRider(waiting.delivery, QueueReason.NO_RIDER_IN_RADIUS, waiting.considered, decisions);
        }
    }

    /**
     * After {@code changed}'s route took a delivery: found again on every rider with room when its best was {@code
     * changed}, else compared with a place on {@code changed}'s new route (no other route changed).
     */
    private void refresh(Waiting waiting, RiderState changed) {
        if (waiting.best.isEmpty()) {
            return;
        }
        if (waiting.best.get().riderId().equals(changed.riderId)) {
            List<RiderState> withRoom = withRoom(waiting.considered);
            waiting.best = withRoom.isEmpty() ? Optional.empty() : planning.place(waiting.delivery, withRoom);
            return;
        }
        if (!hasRoom(changed) || waiting.considered.stream().noneMatch(m -> m.rider() == changed)) {
            return;
        }
        Optional<Placement> there = planning.place(waiting.delivery, List.of(changed));
        if (there.isPresent() && there.get().addedCost() < waiting.best.get().addedCost()) {
            waiting.best = there;
        }
    }

    private List<RiderState> withRoom(List<Measured> considered) {
        List<RiderState> withRoom = new ArrayList<>();
        for (Measured measured : considered) {
            if (hasRoom(measured.rider())) {
                withRoom.add(measured.rider());
            }
        }
        return withRoom;
    }

    private boolean hasRoom(RiderState rider) {
        return rider.active.size() + state.pending.pendingCount(rider.riderId) < rider.maxActive;
    }
}
