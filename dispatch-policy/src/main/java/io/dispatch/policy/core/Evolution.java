package io.dispatch.policy.core;

import java.util.UUID;

/**
 * The evolve half of the decider: folds each fact into the {@link CoreState} and says whether it may have made a new
 * decision possible.
 */
final class Evolution {

    private final CoreState state;

    Evolution(CoreState state) {
        this.state = state;
    }

    /** Applies a fact; true when it may have made a new decision possible. */
    boolean evolve(Fact fact) {
        return switch (fact) {
            case Fact.DeliveryOpened opened -> open(opened);
            case Fact.OfferMade made -> offerMade(made);
            case Fact.OfferEnded ended -> offerEnded(ended);
            case Fact.Assigned assigned -> assigned(assigned);
            case Fact.Unassigned unassigned -> unassigned(unassigned);
            case Fact.PickedUp pickedUp -> pickedUp(pickedUp);
            case Fact.Planned planned -> planned(planned);
            case Fact.Ended ended -> ended(ended);
            case Fact.RiderShift shift -> shift(shift);
            case Fact.RiderPosition position -> position(position);
            case Fact.PolicyChanged changed -> policyChanged(changed.policy());
            case Fact.ZoneTravel zoneTravel -> {
                state.travel.put(zoneTravel.zoneId(), zoneTravel.model());
                yield false;
            }
            case Fact.NoRiderNoted noted -> noRiderNoted(noted);
        };
    }

    private boolean open(Fact.DeliveryOpened opened) {
        if (state.deliveries.containsKey(opened.dispatchId())) {
            return false;
        }
        Policy policy = opened.policy() != null ? opened.policy() : state.policyOf(opened.zoneId());
        state.deliveries.put(
                opened.dispatchId(),
                new DeliveryState(
                        opened.dispatchId(),
                        opened.zoneId(),
                        opened.pickup(),
                        opened.readyAt(),
                        opened.sandbox(),
                        opened.at(),
                        policy,
                        opened.dropoff(),
                        opened.dropoffDue()));
        return policy.mode().automatic();
    }

    private boolean offerMade(Fact.OfferMade made) {
        DeliveryState delivery = state.deliveries.get(made.dispatchId());
        state.pending.clearPair(made.dispatchId(), made.riderId());
        if (delivery == null || delivery.openOffers.containsKey(made.offerId())) {
            return false;
        }
        OpenOffer offer = new OpenOffer(made.offerId(), made.dispatchId(), made.riderId(), made.expiresAt());
        delivery.openOffers.put(offer.offerId(), offer);
        delivery.offersMade++;
        delivery.offersPerRider.merge(made.riderId(), 1, Integer::sum);
        if (delivery.notedReason == QueueReason.NO_RIDER_IN_RADIUS) {
            delivery.notedReason = null;
        }
        state.rider(made.riderId()).openOffers.put(offer.offerId(), offer);
        state.offersByExpiry.add(offer);
        return false;
    }

    private boolean offerEnded(Fact.OfferEnded ended) {
        state.pending.clearOfferEnding(ended.offerId());
        DeliveryState delivery = state.deliveries.get(ended.dispatchId());
        RiderState rider = state.riders.get(ended.riderId());
        OpenOffer offer = delivery == null ? null : delivery.openOffers.remove(ended.offerId());
        if (rider != null) {
            rider.openOffers.remove(ended.offerId());
        }
        if (offer != null) {
            state.offersByExpiry.remove(offer);
        }
        if (delivery == null) {
            return true;
        }
        if (ended.outcome().excludesRider()) {
            delivery.excluded.add(ended.riderId());
        }
        if (ended.outcome() == OfferOutcome.ACCEPTED && delivery.holder == null) {
            // the Assigned fact follows; until it does, nobody else may be offered this delivery
            hold(delivery, ended.riderId(), false);
        }
        return true;
    }

    private boolean assigned(Fact.Assigned assigned) {
        DeliveryState delivery = state.deliveries.get(assigned.dispatchId());
        if (delivery == null) {
            return false;
        }
        boolean moved = false;
        if (delivery.holder != null && !delivery.holder.equals(assigned.riderId())) {
            release(delivery);
            // the last rider's plan is not the new one's: the next improvement places it on the new route
            delivery.spot = null;
            delivery.recordedSpot = null;
            moved = true;
        }
        if (!assigned.byOperator()
                && !moved
                && (delivery.policy.mode() == Mode.AUTO_ASSIGN || delivery.policy.mode() == Mode.BATCHED)) {
            // an automatic assignment is AUTO_ASSIGN's offer: it counts towards maxOffers
            delivery.offersMade++;
        }
        hold(delivery, assigned.riderId(), assigned.byOperator());
        return false;
    }

    private void hold(DeliveryState delivery, UUID riderId, boolean byOperator) {
        delivery.holder = riderId;
        delivery.byOperator = delivery.byOperator || byOperator;
        state.rider(riderId).active.add(delivery.dispatchId);
        state.pending.clearDelivery(delivery.dispatchId);
    }

    private void release(DeliveryState delivery) {
        RiderState holder = state.riders.get(delivery.holder);
        if (holder != null) {
            holder.active.remove(delivery.dispatchId);
        }
        delivery.holder = null;
    }

    private boolean pickedUp(Fact.PickedUp pickedUp) {
        DeliveryState delivery = state.deliveries.get(pickedUp.dispatchId());
        if (delivery != null) {
            delivery.pickedUp = true;
        }
        return false;
    }

    private boolean planned(Fact.Planned planned) {
        DeliveryState delivery = state.deliveries.get(planned.dispatchId());
        state.pending.clearPlan(planned.dispatchId());
        if (delivery != null && planned.riderId().equals(delivery.holder)) {
            delivery.recordedSpot = planned.spot();
            delivery.spot = planned.spot();
        }
        return false;
    }

    private boolean unassigned(Fact.Unassigned unassigned) {
        DeliveryState delivery = state.deliveries.get(unassigned.dispatchId());
        if (delivery == null || delivery.holder == null) {
            return false;
        }
        release(delivery);
        delivery.byOperator = false;
        delivery.spot = null;
        delivery.recordedSpot = null;
        delivery.excluded.add(unassigned.riderId());
        return true;
    }

    private boolean ended(Fact.Ended ended) {
        DeliveryState delivery = state.deliveries.remove(ended.dispatchId());
        if (delivery == null) {
            return false;
        }
        for (OpenOffer offer : delivery.openOffers.values()) {
            state.offersByExpiry.remove(offer);
            RiderState rider = state.riders.get(offer.riderId());
            if (rider != null) {
                rider.openOffers.remove(offer.offerId());
            }
        }
        if (delivery.holder != null) {
            RiderState holder = state.rider(delivery.holder);
            holder.active.remove(delivery.dispatchId);
            holder.lastFreedAt = ended.at();
        }
        state.pending.clearDelivery(delivery.dispatchId);
        return true;
    }

    private boolean shift(Fact.RiderShift shift) {
        RiderState rider = state.rider(shift.riderId());
        boolean cameOn = shift.on() && !rider.onShift;
        rider.onShift = shift.on();
        rider.sandbox = shift.sandbox();
        rider.maxActive = Math.max(1, shift.maxActive());
        if (cameOn && rider.lastFreedAt == null) {
            rider.lastFreedAt = shift.at();
        }
        return true;
    }

    private boolean position(Fact.RiderPosition reported) {
        RiderState rider = state.rider(reported.riderId());
        boolean wasFresh = rider.positionFresh(state.now, state.config.maxPositionAge());
        rider.position = reported.position();
        rider.positionAt = reported.at();
        // a moving rider reports often; only a rider who just became eligible is worth a new decision
        return !wasFresh && rider.onShift;
    }

    private boolean policyChanged(Policy policy) {
        Policy current = state.policies.get(policy.zoneId());
        if (current == null || policy.version() >= current.version()) {
            state.policies.put(policy.zoneId(), policy);
        }
        return false;
    }

    private boolean noRiderNoted(Fact.NoRiderNoted noted) {
        state.pending.clearNoRider(noted.dispatchId());
        DeliveryState delivery = state.deliveries.get(noted.dispatchId());
        if (delivery != null) {
            delivery.notedReason = noted.reason();
        }
        return false;
    }
}
