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
        double declineShare,
        String riderApi,
        List<RiderView> simulatedRiders,
        List<UUID> waiting,
        Map<String, Integer> counts,
        OfferCounts offers,
        List<TripView> activeTrips,
        List<TripView> recentTrips) {

    /** A simulated rider: the delivery it carries and the ones queued for it. */
    public record RiderView(UUID id, String name, UUID carrying, List<UUID> queued) {}

    /**
     * How the riders answered the engine's offers and automatic assignments: {@code gone} counts
     * offers that were expired, withdrawn or taken when the rider answered, {@code failed} the calls
     * that did not reach the service; an automatic assignment is either {@code kept} (and carried) or
     * {@code givenBack}.
     */
    public record OfferCounts(int accepted, int declined, int gone, int failed, int kept, int givenBack) {}

    /** Whoever can tell the simulator's status: the fleet, on the instance that runs it. */
    public interface Source {
        Status status();
    }
}
