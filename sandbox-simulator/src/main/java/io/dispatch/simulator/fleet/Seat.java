package io.dispatch.simulator.fleet;

import io.dispatch.simulator.status.Status;
import io.dispatch.simulator.trip.SimulatedRider;
import io.dispatch.simulator.trip.Trip;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.UUID;

/** A rider's place in the fleet: the deliveries queued for it and the trip it is on. */
final class Seat {

    final SimulatedRider rider;
    final Deque<UUID> held = new ArrayDeque<>();
    Trip current;

    Seat(SimulatedRider rider) {
        this.rider = rider;
    }

    Status.RiderView view() {
        return new Status.RiderView(
                rider.id(), rider.name(), current == null ? null : current.dispatchId(), List.copyOf(held));
    }
}
