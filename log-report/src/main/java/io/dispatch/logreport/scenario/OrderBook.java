package io.dispatch.logreport.scenario;

import io.dispatch.events.DecisionPolicy;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchDelivered;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.DispatchFailed;
import io.dispatch.events.DispatchOffered;
import io.dispatch.events.DispatchPickedUp;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.OfferAccepted;
import io.dispatch.events.OfferDeclined;
import io.dispatch.events.OfferExpired;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderAutoAssigned;
import io.dispatch.events.RiderUnassigned;
import io.dispatch.events.Stop;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The scenario's orders, read event by event in log order (each delivery's events in its sequence): every {@code
 * dispatch.created} of the period (and zone) with coordinates opens a track, and that delivery's later events, however
 * late, fill it in. The offers of these orders and the riders' answers are counted here too.
 */
final class OrderBook {

    private final Instant from;
    private final Instant to;
    private final String zoneId;
    final Map<UUID, OrderTrack> orders = new LinkedHashMap<>();
    final List<HoldChange> holdChanges = new ArrayList<>();
    private final Map<UUID, Instant> offeredAt = new HashMap<>();
    final List<Long> offerWindowsMillis = new ArrayList<>();
    final List<Long> acceptDelaysMillis = new ArrayList<>();
    long offersMade;
    long offersAccepted;
    long offersDeclined;
    long offersExpired;
    long autoAssigned;
    long givenBack;
    long otherZones;
    final List<UUID> withoutCoordinates = new ArrayList<>();

    OrderBook(Instant from, Instant to, String zoneId) {
        this.from = from;
        this.to = to;
        this.zoneId = zoneId;
    }

    void accept(EventEnvelope envelope) {
        DispatchEvent event = envelope.event();
        if (event instanceof DispatchCreated created) {
            open(created, envelope.sequence());
            return;
        }
        OrderTrack order = orders.get(envelope.dispatchId());
        if (order == null || envelope.sequence() <= order.lastSequence) {
            return; // not one of the scenario's orders, or an entry read again
        }
        order.lastSequence = envelope.sequence();
        Instant at = event.occurredAt();
        if (at != null && at.isAfter(order.lastEventAt)) {
            order.lastEventAt = at;
        }
        apply(order, event, at);
    }

    private void open(DispatchCreated created, long sequence) {
        Instant at = created.occurredAt();
        if (at == null || at.isBefore(from) || !at.isBefore(to) || orders.containsKey(created.dispatchId())) {
            return;
        }
        DecisionPolicy policy = created.dispatchPolicy();
        String zone = policy == null || policy.zoneId() == null ? Policy.DEFAULT_ZONE : policy.zoneId();
        if (zoneId != null && !zoneId.equals(zone)) {
            otherZones++;
            return;
        }
        Point pickup = point(created.order().pickup());
        Point dropoff = point(created.order().dropoff());
        if (pickup == null || dropoff == null) {
            withoutCoordinates.add(created.dispatchId());
            return;
        }
        OrderTrack order = new OrderTrack(
                created.dispatchId(),
                at,
                pickup,
                dropoff,
                new PolicyKey(zone, policy == null ? 0 : policy.version()),
                policy == null || policy.mode() == null ? "MANUAL" : policy.mode(),
                created.targetDeliverySeconds());
        order.lastSequence = sequence;
        orders.put(order.dispatchId, order);
    }

    private void apply(OrderTrack order, DispatchEvent event, Instant at) {
        switch (event) {
            case RiderAssigned assigned -> assign(order, assigned.riderId(), at);
            case RiderUnassigned unassigned -> {
                givenBack++;
                release(order, at);
                order.assignedAt = null;
            }
            case DispatchPickedUp pickedUp -> {
                if (order.pickedUpAt == null) {
                    order.pickedUpAt = at;
                }
            }
            case DispatchDelivered delivered -> {
                if (order.deliveredAt == null) {
                    order.deliveredAt = at;
                }
                end(order, at);
            }
            case DispatchFailed failed -> end(order, at);
            case DispatchCancelled cancelled -> end(order, at);
            case DispatchOffered offered -> {
                offersMade++;
                offeredAt.put(offered.offerId(), at);
                if (offered.expiresAt() != null && at != null) {
                    offerWindowsMillis.add(
                            Duration.between(at, offered.expiresAt()).toMillis());
                }
            }
            case OfferAccepted accepted -> {
                offersAccepted++;
                Instant offered = offeredAt.get(accepted.offerId());
                if (offered != null && at != null) {
                    acceptDelaysMillis.add(Duration.between(offered, at).toMillis());
                }
            }
            case OfferDeclined declined -> offersDeclined++;
            case OfferExpired expired -> offersExpired++;
            case RiderAutoAssigned auto -> {
                if (order.holder == null) {
                    // held already: BATCHED's improvement moving it to another rider, not an assignment
                    autoAssigned++;
                }
            }
            default -> {
                // locations, plans, pins, withdrawals: no time, holder or offer figure changes
            }
        }
    }

    private void assign(OrderTrack order, UUID rider, Instant at) {
        if (rider == null) {
            return;
        }
        if (order.holder == null || order.assignedAt == null) {
            // a move from one rider to another (BATCHED's improvement, an operator) keeps the time it was assigned,
            // as the simulator counts it
            order.assignedAt = at;
        }
        if (!rider.equals(order.holder)) {
            release(order, at);
            order.holder = rider;
            holdChanges.add(new HoldChange(at, rider, 1, order));
        }
    }

    private void release(OrderTrack order, Instant at) {
        if (order.holder != null) {
            holdChanges.add(new HoldChange(at, order.holder, -1, order));
            order.holder = null;
        }
    }

    private void end(OrderTrack order, Instant at) {
        if (order.endedAt == null) {
            order.endedAt = at;
        }
        release(order, at);
    }

    /** The end of the last order's life; {@code to} when the period has no order. */
    Instant horizon() {
        return orders.values().stream()
                .map(OrderTrack::end)
                .max(Instant::compareTo)
                .orElse(to);
    }

    private static Point point(Stop stop) {
        if (stop == null || !stop.hasCoordinates()) {
            return null;
        }
        try {
            return new Point(stop.lat(), stop.lng());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
