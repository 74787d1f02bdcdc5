package io.dispatch.simulator.status;

import io.dispatch.simulator.trip.TripView;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** What operators see of a running simulator ({@code GET /api/v1/admin/simulator}). */
public record Status(
        boolean enabled,
        int riders,
        double timeScale,
        double failShare,
        String riderApi,
        List<RiderView> simulatedRiders,
        List<UUID> waiting,
        Map<String, Integer> counts,
        List<TripView> activeTrips,
        List<TripView> recentTrips) {

    /** A simulated rider: the delivery it carries and the ones queued for it. */
    public record RiderView(UUID id, String name, UUID carrying, List<UUID> queued) {}

    /** Whoever can tell the simulator's status: the fleet, on the instance that runs it. */
    public interface Source {
        Status status();
    }
}
