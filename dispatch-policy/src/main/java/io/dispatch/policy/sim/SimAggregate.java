package io.dispatch.policy.sim;

import io.dispatch.policy.core.Decision;
import io.dispatch.policy.core.Fact;
import io.dispatch.policy.core.OfferOutcome;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The Dispatch aggregate's part in the simulation: it carries out decisions, refuses what the live aggregate would
 * refuse (a duplicate offer id, an offer for a delivery someone holds), and answers for the riders: each offer is
 * accepted or declined riderAcceptSeconds after it was made, declined with probability 1 - riderAcceptShare.
 */
final class SimAggregate {

    record OfferCounts(long made, long declined, long expired) {}

    private record SimOffer(UUID offerId, SimOrder order, SimRider rider) {}

    private final Simulation simulation;
    private final Map<UUID, SimOrder> ordersById = new HashMap<>();
    private final Map<UUID, SimOffer> openOffers = new HashMap<>();
    private final Set<UUID> offerIdsUsed = new HashSet<>();
    private long made;
    private long declined;
    private long expired;

    SimAggregate(Simulation simulation) {
        this.simulation = simulation;
        for (SimOrder order : simulation.orders()) {
            ordersById.put(order.dispatchId, order);
        }
    }

    SimOrder order(UUID dispatchId) {
        return ordersById.get(dispatchId);
    }

    OfferCounts counts() {
        return new OfferCounts(made, declined, expired);
    }

    void carryOut(Decision decision) {
        switch (decision) {
            case Decision.Offer offer -> offer(offer);
            case Decision.AutoAssign autoAssign -> autoAssign(autoAssign);
            case Decision.Expire expire -> end(expire.offerId(), OfferOutcome.EXPIRED);
            case Decision.Withdraw withdraw -> end(withdraw.offerId(), OfferOutcome.WITHDRAWN);
            case Decision.Plan plan -> {
                SimOrder order = ordersById.get(plan.dispatchId());
                if (order != null && order.holder != null && order.holder.riderId.equals(plan.riderId())) {
                    order.spot = plan.spot();
                    simulation.feed(new Fact.Planned(plan.dispatchId(), plan.riderId(), plan.spot(), now()));
                    order.holder.routeChanged(simulation.queue().nowMillis());
                }
            }
            case Decision.Reassign reassign -> reassign(reassign);
            case Decision.NoRider noRider ->
                simulation.feed(new Fact.NoRiderNoted(noRider.dispatchId(), noRider.reason(), now()));
        }
    }

    private void offer(Decision.Offer decision) {
        SimOrder order = ordersById.get(decision.dispatchId());
        SimRider rider = simulation.rider(decision.riderId());
        if (order == null || rider == null || order.holder != null || !offerIdsUsed.add(decision.offerId())) {
            return;
        }
        SimOffer offer = new SimOffer(decision.offerId(), order, rider);
        openOffers.put(offer.offerId(), offer);
        order.openOffers.add(offer.offerId());
        made++;
        simulation.feed(
                new Fact.OfferMade(order.dispatchId, offer.offerId(), rider.riderId, decision.expiresAt(), now()));
        boolean accepts = accepts();
        simulation.queue().at(simulation.queue().nowMillis() + acceptMillis(), () -> answer(offer, accepts));
    }

    private void answer(SimOffer offer, boolean accepts) {
        if (!openOffers.containsKey(offer.offerId())) {
            return;
        }
        if (!accepts) {
            declined++;
            end(offer.offerId(), OfferOutcome.DECLINED);
        } else if (offer.order().holder == null && offer.rider().hasRoom() && offer.rider().onShift) {
            end(offer.offerId(), OfferOutcome.ACCEPTED);
            assign(offer.order(), offer.rider(), false);
        } else {
            // the rider filled up meanwhile (another offer of a broadcast): the aggregate refuses the accept
            end(offer.offerId(), OfferOutcome.WITHDRAWN);
        }
    }

    private void autoAssign(Decision.AutoAssign decision) {
        SimOrder order = ordersById.get(decision.dispatchId());
        SimRider rider = simulation.rider(decision.riderId());
        if (order == null || rider == null || order.holder != null || !rider.hasRoom() || !rider.onShift) {
            return;
        }
        made++;
        order.spot = decision.plan();
        assign(order, rider, false);
        if (decision.plan() != null) {
            simulation.feed(new Fact.Planned(order.dispatchId, rider.riderId, decision.plan(), now()));
        }
        if (!accepts()) {
            simulation.queue().at(simulation.queue().nowMillis() + acceptMillis(), () -> giveBack(order, rider));
        }
    }

    /**
     * The improvement moves an order that is not picked up to another rider's route; refused, as the live aggregate
     * refuses, for an order picked up, held by someone else or a rider without room, and for a stop in progress (the
     * holder waiting or serving at its pickup: the live core sees that by the rider's position).
     */
    private void reassign(Decision.Reassign decision) {
        SimOrder order = ordersById.get(decision.dispatchId());
        SimRider rider = simulation.rider(decision.riderId());
        if (order == null
                || rider == null
                || order.holder == null
                || !order.holder.riderId.equals(decision.fromRiderId())
                || order.pickedUpAt != null
                || order.holder.atStopOf(order)
                || !rider.hasRoom()
                || !rider.onShift) {
            return;
        }
        long now = simulation.queue().nowMillis();
        order.holder.drop(order, now);
        order.spot = decision.spot();
        rider.take(order, now);
        simulation.feed(new Fact.Assigned(order.dispatchId, rider.riderId, false, now()));
        if (decision.spot() != null) {
            simulation.feed(new Fact.Planned(order.dispatchId, rider.riderId, decision.spot(), now()));
        }
    }

    private void giveBack(SimOrder order, SimRider rider) {
        if (order.holder != rider || order.pickedUpAt != null) {
            return;
        }
        declined++;
        order.assignedAt = null;
        order.spot = null;
        rider.drop(order, simulation.queue().nowMillis());
        simulation.feed(new Fact.Unassigned(order.dispatchId, rider.riderId, now()));
    }

    /** The rider holds the order; every other open offer for it ends as TAKEN. */
    void assign(SimOrder order, SimRider rider, boolean byOperator) {
        order.assignedAt = simulation.queue().nowMillis();
        rider.take(order, simulation.queue().nowMillis());
        simulation.feed(new Fact.Assigned(order.dispatchId, rider.riderId, byOperator, now()));
        for (UUID offerId : new ArrayList<>(order.openOffers)) {
            end(offerId, OfferOutcome.TAKEN);
        }
    }

    private void end(UUID offerId, OfferOutcome outcome) {
        SimOffer offer = openOffers.remove(offerId);
        if (offer == null) {
            return;
        }
        offer.order().openOffers.remove(offerId);
        if (outcome == OfferOutcome.EXPIRED) {
            expired++;
        }
        simulation.feed(new Fact.OfferEnded(offer.order().dispatchId, offerId, offer.rider().riderId, outcome, now()));
    }

    private boolean accepts() {
        double share = simulation.scenario.riderAcceptShare();
        return share >= 1 || simulation.random().nextDouble() < share;
    }

    private long acceptMillis() {
        return simulation.scenario.riderAcceptSeconds() * 1000L;
    }

    private Instant now() {
        return simulation.instant(simulation.queue().nowMillis());
    }

    List<UUID> openOfferIds() {
        return List.copyOf(openOffers.keySet());
    }
}
