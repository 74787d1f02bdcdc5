package io.dispatch.policy.core;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The core's view of one rider. Mutated only by {@link CoreState}. */
final class RiderState {

    final UUID riderId;
    boolean onShift;
    boolean sandbox;
    int maxActive = 1;
    Point position;
    Instant positionAt;
    /** When the rider last became free of a delivery (or came on shift): the best-rider rule's last tie-break. */
    Instant lastFreedAt;

    final Set<UUID> active = new LinkedHashSet<>();
    final Map<UUID, OpenOffer> openOffers = new LinkedHashMap<>();

    RiderState(UUID riderId) {
        this.riderId = riderId;
    }

    boolean positionFresh(Instant now, Duration maxPositionAge) {
        return positionAt != null && !positionAt.plus(maxPositionAge).isBefore(now);
    }

    /** Section 14: on shift, a position younger than the max age, fewer than maxActive deliveries. */
    boolean eligible(Instant now, Duration maxPositionAge) {
        return onShift && positionFresh(now, maxPositionAge) && active.size() < maxActive;
    }
}
