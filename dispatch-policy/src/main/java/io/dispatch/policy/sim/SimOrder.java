package io.dispatch.policy.sim;

import io.dispatch.policy.core.PlanSpot;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;

/** One order of the day as the simulated aggregate holds it, with the times the figures are made of. */
final class SimOrder {

    final Scenario.Order order;
    final UUID dispatchId;
    final Set<UUID> openOffers = new LinkedHashSet<>();
    SimRider holder;
    /** BATCHED: where the order sits on its holder's route, as last recorded (an AutoAssign's plan or a Plan). */
    PlanSpot spot;
    /** Milliseconds after the start of the day; null until it happens. */
    Long assignedAt;

    Long pickedUpAt;
    Long deliveredAt;

    SimOrder(Scenario.Order order, UUID dispatchId) {
        this.order = order;
        this.dispatchId = dispatchId;
    }

    long readyAtMillis() {
        return order.readyAt() * 1000;
    }
}
