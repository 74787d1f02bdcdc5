package io.dispatch.simulator.trip;

import java.time.Instant;
import java.util.UUID;

/** A trip as operators see it; {@code stage} is the outcome once it ended. */
public record TripView(
        UUID dispatchId,
        UUID riderId,
        String riderName,
        String stage,
        Long distanceMeters,
        Double speedKmh,
        Long simulatedRideSeconds,
        int locationReports,
        Route.Point lastReported,
        String detail,
        Instant startedAt,
        Instant endedAt) {}
