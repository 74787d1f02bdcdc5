package io.dispatch.policy.core;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The core's view of one delivery between DeliveryOpened and Ended. Mutated only by {@link CoreState}. */
final class DeliveryState {

    final UUID dispatchId;
    final String zoneId;
    final Point pickup;
    final Instant readyAt;
    final boolean sandbox;
    final Instant openedAt;
    final Policy policy;
    final Point dropoff;
    final Instant dropoffDue;

    UUID holder;
    boolean pickedUp;
    /** BATCHED: where it sits on its rider's route, as last decided or recorded (the route's order comes from it). */
    PlanSpot spot;
    /** The spot the log last recorded (a Planned fact): a new plan is only decided when it differs. */
    PlanSpot recordedSpot;

    boolean byOperator;
    int offersMade;
    QueueReason notedReason;
    final Map<UUID, OpenOffer> openOffers = new LinkedHashMap<>();
    final Map<UUID, Integer> offersPerRider = new HashMap<>();
    final Set<UUID> excluded = new HashSet<>();

    DeliveryState(
            UUID dispatchId,
            String zoneId,
            Point pickup,
            Instant readyAt,
            boolean sandbox,
            Instant openedAt,
            Policy policy,
            Point dropoff,
            Instant dropoffDue) {
        this.dispatchId = dispatchId;
        this.zoneId = zoneId;
        this.pickup = pickup;
        this.readyAt = readyAt;
        this.sandbox = sandbox;
        this.openedAt = openedAt;
        this.policy = policy;
        this.dropoff = dropoff;
        this.dropoffDue = dropoffDue;
    }

    /** Whether the route planner can place it: BATCHED, with both ends' coordinates. */
    boolean plannable() {
        return policy.mode() == Mode.BATCHED && pickup != null && dropoff != null;
    }

    boolean waiting() {
        return holder == null;
    }

    boolean exhausted() {
        return offersMade >= policy.maxOffers();
    }

    /** The operator's queue holds it for good: OPERATOR_QUEUE fallback reached and recorded. */
    boolean parkedForOperator() {
        return notedReason == QueueReason.OFFERS_EXHAUSTED || notedReason == QueueReason.ALL_DECLINED;
    }

    int offersMadeTo(UUID riderId) {
        return offersPerRider.getOrDefault(riderId, 0);
    }
}
