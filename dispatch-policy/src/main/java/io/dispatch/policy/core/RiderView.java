package io.dispatch.policy.core;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A rider as the core sees it; {@code eligible} is section 14's rule at the core's current time. */
public record RiderView(
        UUID riderId,
        boolean onShift,
        boolean sandbox,
        int maxActive,
        Point position,
        Instant positionAt,
        List<UUID> activeDispatchIds,
        List<OpenOffer> openOffers,
        boolean eligible) {}
