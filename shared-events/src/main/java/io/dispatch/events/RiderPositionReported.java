package io.dispatch.events;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One location fix of a rider, as reported, with the deliveries the rider was carrying or
 * heading to at that moment. Every fix is published (topic {@link Topics#RIDER_POSITIONS}, keyed
 * by rider) for live tracking; it is not a lifecycle event and is not kept in the event store.
 * The throttled {@link RiderLocationUpdated} of each delivery is what the event log and the
 * webhooks carry.
 */
public record RiderPositionReported(
        UUID riderId,
        double latitude,
        double longitude,
        Instant recordedAt,
        Instant receivedAt,
        List<UUID> dispatchIds) {

    public RiderPositionReported {
        dispatchIds = dispatchIds == null ? List.of() : List.copyOf(dispatchIds);
    }
}
