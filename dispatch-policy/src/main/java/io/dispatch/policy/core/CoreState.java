package io.dispatch.policy.core;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The evolve half of the decider: folds facts into the state. Maps keep the order facts arrived in, so a core fed
 * the same facts iterates, and therefore decides, in the same order.
 */
final class CoreState {

    final CoreConfig config;
    final Map<UUID, DeliveryState> deliveries = new LinkedHashMap<>();
    final Map<UUID, RiderState> riders = new LinkedHashMap<>();
    final Map<String, Policy> policies = new HashMap<>();
    final Map<String, TravelModel> travel = new HashMap<>();
    final NavigableSet<OpenOffer> offersByExpiry =
            new TreeSet<>(Comparator.comparing(OpenOffer::expiresAt).thenComparing(OpenOffer::offerId));
    final PendingDecisions pending = new PendingDecisions();
    Instant now = Instant.EPOCH;

    CoreState(CoreConfig config) {
        this.config = config;
    }

    Policy policyOf(String zoneId) {
        Policy own = policies.get(zoneId);
        if (own != null) {
            return own;
        }
        return policies.getOrDefault(Policy.DEFAULT_ZONE, Policy.defaults(Policy.DEFAULT_ZONE));
    }

    TravelModel travelOf(String zoneId) {
        TravelModel own = travel.get(zoneId);
        return own != null ? own : travel.getOrDefault(Policy.DEFAULT_ZONE, config.defaultTravel());
    }

    void advanceTo(Instant instant) {
        if (instant.isAfter(now)) {
            now = instant;
        }
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
                travel.put(zoneTravel.zoneId(), zoneTravel.model());
                yield false;
            }
            case Fact.NoRiderNoted noted -> noRiderNoted(noted);
        };
    }

    private boolean open(Fact.DeliveryOpened opened) {
        if (deliveries.containsKey(opened.dispatchId())) {
            return false;
        }
        Policy policy = opened.policy() != null ? opened.policy() : policyOf(opened.zoneId());
        deliveries.put(
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
        DeliveryState delivery = deliveries.get(made.dispatchId());
        pending.clearPair(made.dispatchId(), made.riderId());
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
        rider(made.riderId()).openOffers.put(offer.offerId(), offer);
        offersByExpiry.add(offer);
        return false;
    }

    private boolean offerEnded(Fact.OfferEnded ended) {
        pending.clearOfferEnding(ended.offerId());
        DeliveryState delivery = deliveries.get(ended.dispatchId());
        RiderState rider = riders.get(ended.riderId());
        OpenOffer offer = delivery == null ? null : delivery.openOffers.remove(ended.offerId());
        if (rider != null) {
            rider.openOffers.remove(ended.offerId());
        }
        if (offer != null) {
            offersByExpiry.remove(offer);
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
        DeliveryState delivery = deliveries.get(assigned.dispatchId());
        if (delivery == null) {
            return false;
        }
        if (delivery.holder != null && !delivery.holder.equals(assigned.riderId())) {
            release(delivery);
            // the last rider's plan is not the new one's: the next improvement places it on the new route
            delivery.spot = null;
            delivery.recordedSpot = null;
        }
        if (!assigned.byOperator()
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
        rider(riderId).active.add(delivery.dispatchId);
        pending.clearDelivery(delivery.dispatchId);
    }

    private void release(DeliveryState delivery) {
        RiderState holder = riders.get(delivery.holder);
        if (holder != null) {
            holder.active.remove(delivery.dispatchId);
        }
        delivery.holder = null;
    }

    private boolean pickedUp(Fact.PickedUp pickedUp) {
        DeliveryState delivery = deliveries.get(pickedUp.dispatchId());
        if (delivery != null) {
            delivery.pickedUp = true;
        }
        return false;
    }

    private boolean planned(Fact.Planned planned) {
        DeliveryState delivery = deliveries.get(planned.dispatchId());
        pending.clearPlan(planned.dispatchId());
        if (delivery != null && planned.riderId().equals(delivery.holder)) {
            delivery.recordedSpot = planned.spot();
            delivery.spot = planned.spot();
        }
        return false;
    }

    private boolean unassigned(Fact.Unassigned unassigned) {
        DeliveryState delivery = deliveries.get(unassigned.dispatchId());
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
        DeliveryState delivery = deliveries.remove(ended.dispatchId());
        if (delivery == null) {
            return false;
        }
        for (OpenOffer offer : delivery.openOffers.values()) {
            offersByExpiry.remove(offer);
            RiderState rider = riders.get(offer.riderId());
            if (rider != null) {
                rider.openOffers.remove(offer.offerId());
            }
        }
        if (delivery.holder != null) {
            RiderState holder = rider(delivery.holder);
            holder.active.remove(delivery.dispatchId);
            holder.lastFreedAt = ended.at();
        }
        pending.clearDelivery(delivery.dispatchId);
        return true;
    }

    private boolean shift(Fact.RiderShift shift) {
        RiderState rider = rider(shift.riderId());
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
        RiderState rider = rider(reported.riderId());
        boolean wasFresh = rider.positionFresh(now, config.maxPositionAge());
        rider.position = reported.position();
        rider.positionAt = reported.at();
        // a moving rider reports often; only a rider who just became eligible is worth a new decision
        return !wasFresh && rider.onShift;
    }

    private boolean policyChanged(Policy policy) {
        Policy current = policies.get(policy.zoneId());
        if (current == null || policy.version() >= current.version()) {
            policies.put(policy.zoneId(), policy);
        }
        return false;
    }

    private boolean noRiderNoted(Fact.NoRiderNoted noted) {
        pending.clearNoRider(noted.dispatchId());
        DeliveryState delivery = deliveries.get(noted.dispatchId());
        if (delivery != null) {
            delivery.notedReason = noted.reason();
        }
        return false;
    }

    RiderState rider(UUID riderId) {
        return riders.computeIfAbsent(riderId, RiderState::new);
    }
}
