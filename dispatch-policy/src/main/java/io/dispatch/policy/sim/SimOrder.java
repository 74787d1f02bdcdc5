package io.dispatch.policy.sim;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;

/** One order of the day as the simulated aggregate holds it, with the times the figures are made of. */
final class SimOrder {

    final Scenario.Order order;
    final UUID dispatchId;
    final Set<UUID> openOffers = new LinkedHashSet<>();
    SimRider holder;
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
