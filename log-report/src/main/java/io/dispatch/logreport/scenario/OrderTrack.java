package io.dispatch.logreport.scenario;

import io.dispatch.policy.core.Point;
import java.time.Instant;
import java.util.UUID;

/** What the scenario keeps of one of its orders while the log is read: where, when, and who held it. */
final class OrderTrack {

    final UUID dispatchId;
    final Instant createdAt;
    final Point pickup;
    final Point dropoff;
    final PolicyKey policy;
    final String mode;
    final Long targetDeliverySeconds;
    /** The highest sequence read; an entry at or below it is a repeat and changes nothing. */
    long lastSequence;
    /** The last assignment still standing (a give-back clears it), as the simulator keeps it. */
    Instant assignedAt;

    Instant pickedUpAt;
    Instant deliveredAt;
    /** Delivered, failed or cancelled. */
    Instant endedAt;

    Instant lastEventAt;
    UUID holder;

    OrderTrack(
            UUID dispatchId,
            Instant createdAt,
            Point pickup,
            Point dropoff,
            PolicyKey policy,
            String mode,
            Long targetDeliverySeconds) {
        this.dispatchId = dispatchId;
        this.createdAt = createdAt;
        this.pickup = pickup;
        this.dropoff = dropoff;
        this.policy = policy;
        this.mode = mode;
        this.targetDeliverySeconds = targetDeliverySeconds;
        this.lastEventAt = createdAt;
    }

    /** The end of the order's life: when it ended, else its last event read. */
    Instant end() {
        return endedAt != null ? endedAt : lastEventAt;
    }
}
