package io.dispatch.policy.sim;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * BATCHED: the order in which a rider visits the stops of the orders it holds, as the core keeps the route
 * (decisions.md §15): each order's PICKUP stop at its recorded estimatedPickupAt and its DROPOFF stop at its
 * estimatedDeliveryAt, earliest first (at equal times a pickup first, then by dispatch id), an order without a plan
 * last; a picked-up order has only its drop-off left, and a drop-off never comes before its own pickup.
 */
final class RouteOrder {

    enum Kind {
        PICKUP,
        DROPOFF
    }

    record Stop(SimOrder order, Kind kind, Instant plannedAt) {}

    private RouteOrder() {}

    static List<Stop> of(List<SimOrder> held) {
        List<Stop> stops = new ArrayList<>();
        for (SimOrder order : held) {
            if (order.pickedUpAt == null) {
                stops.add(new Stop(order, Kind.PICKUP, order.spot == null ? null : order.spot.estimatedPickupAt()));
            }
            stops.add(new Stop(order, Kind.DROPOFF, order.spot == null ? null : order.spot.estimatedDeliveryAt()));
        }
        stops.sort(Comparator.comparing(Stop::plannedAt, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(stop -> stop.kind() == Kind.DROPOFF)
                .thenComparing(stop -> stop.order().dispatchId.toString()));
        // a drop-off sorted before its own pickup (times recorded by different plans) goes right after it
        List<Stop> ordered = new ArrayList<>();
        for (Stop stop : stops) {
            if (stop.kind() == Kind.PICKUP) {
                ordered.add(stop);
            }
        }
        for (Stop stop : stops) {
            if (stop.kind() != Kind.DROPOFF) {
                continue;
            }
            int pickup = -1;
            int natural = ordered.size();
            for (int index = 0; index < ordered.size(); index++) {
                Stop other = ordered.get(index);
                if (other.order() == stop.order()) {
                    pickup = index;
                }
                if (natural == ordered.size()
                        && stop.plannedAt() != null
                        && (other.plannedAt() == null || other.plannedAt().isAfter(stop.plannedAt()))) {
                    natural = index;
                }
            }
            ordered.add(Math.max(natural, pickup + 1), stop);
        }
        return ordered;
    }
}
