package io.dispatch.command.simulator;

import io.dispatch.command.dispatch.application.DispatchHistory;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.rider.RiderWorkload;
import io.dispatch.simulator.trip.Deliveries;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What the sandbox simulator reads here rather than over HTTP: a delivery as the event store has
 * it (with the PIN the simulated customer gives), its pickup zone's speed, and what a rider holds.
 * No rider answer carries the PIN, and the operator reads live in query-service, which this
 * process does not serve when the services run apart (docs/adr/0027).
 */
final class CommandDeliveries implements Deliveries {

    private final DispatchHistory history;
    private final Pricing pricing;
    private final RiderWorkload workload;

    CommandDeliveries(DispatchHistory history, Pricing pricing, RiderWorkload workload) {
        this.history = history;
        this.pricing = pricing;
        this.workload = workload;
    }

    @Override
    public Optional<Delivery> current(UUID dispatchId) {
        return history.current(dispatchId)
                .map(view -> new Delivery(
                        view.dispatchId(),
                        view.status(),
                        view.riderId(),
                        view.order().pickup(),
                        view.order().dropoff(),
                        view.order().customerName(),
                        view.deliveryPin(),
                        pricing.scheduleAt(view.order().pickup()).avgSpeedKmh()));
    }

    @Override
    public List<UUID> heldBy(UUID riderId) {
        return workload.activeDeliveries(riderId);
    }
}
