package io.dispatch.events;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The route planner placed the delivery on its rider's route (decisions.md §15, mode BATCHED): where it sits
 * ({@code pickupStop} and {@code dropoffStop}, 1-based positions among {@code routeStops}; {@code pickupStop} null
 * once picked up), when the rider is planned to get there, why ({@code reason} INSERTED when the delivery joined the
 * route, REOPTIMIZED when the background improvement moved it, REPLANNED when the route changed around it), what it
 * added to the route, and the riders the insertion compared. Not notified and no history entry like every decision;
 * the estimates it carries are the Delivery's {@code estimatedPickupAt} and {@code estimatedDeliveryAt}, and a change
 * of more than five minutes is told to the merchant by the {@link EtaUpdated} appended beside it.
 */
public record DeliveryPlanned(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        UUID riderId,
        Instant estimatedPickupAt,
        Instant estimatedDeliveryAt,
        String reason,
        Integer pickupStop,
        int dropoffStop,
        int routeStops,
        long addedSeconds,
        DecisionPolicy policy,
        List<DecisionCandidate> candidates)
        implements DispatchDecisionEvent {

    public static final String INSERTED = "INSERTED";
    public static final String REOPTIMIZED = "REOPTIMIZED";
    public static final String REPLANNED = "REPLANNED";

    public DeliveryPlanned {
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
    }
}
