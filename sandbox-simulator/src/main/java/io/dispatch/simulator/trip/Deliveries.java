package io.dispatch.simulator.trip;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.Stop;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What the platform knows of a delivery that no rider answer tells: the customer's PIN (the
 * simulator plays the customer at the door), the zone's speed, and which deliveries a rider
 * holds after a restart. The host that runs the simulator supplies it (docs/adr/0027).
 */
public interface Deliveries {

    /**
     * A delivery as the trip needs it; {@code speedKmh} and {@code detourFactor} are the travel model of its pickup's
     * zone: a ride takes the straight line times the detour factor at that speed.
     */
    record Delivery(
            UUID id,
            DispatchStatus status,
            UUID riderId,
            Stop pickup,
            Stop dropoff,
            String customerName,
            String pin,
            double speedKmh,
            double detourFactor) {

        /** The speed over the straight line that the simulated rider moves at, so a ride takes the model's time. */
        public double straightLineKmh() {
            return speedKmh / Math.max(1.0, detourFactor);
        }
    }

    /** Where the delivery stands now, or empty when there is no such delivery. */
    Optional<Delivery> current(UUID dispatchId);

    /** The rider's deliveries that are ASSIGNED, PICKED_UP or IN_TRANSIT. */
    List<UUID> heldBy(UUID riderId);
}
