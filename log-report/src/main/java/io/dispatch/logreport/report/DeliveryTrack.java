package io.dispatch.logreport.report;

import io.dispatch.events.DispatchStatus;
import java.time.Instant;
import java.util.UUID;

/** What the report remembers of one delivery while it reads: kept small, there may be millions. */
final class DeliveryTrack {

    final UUID merchantId;
    /** null until a status-changing event is read (the range may start mid-life). */
    DispatchStatus status;
    /** The highest sequence read, -1 before any. */
    long lastSequence = -1;
    /** Set only when the creation is in the range. */
    Instant createdAt;

    Instant targetPickupAt;
    Instant targetDeliveryAt;
    /** Bit per status already reached, so durations and misses count the first time only. */
    int reached;

    DeliveryTrack(UUID merchantId) {
        this.merchantId = merchantId;
    }

    /** True the first time the status is reached. */
    boolean reach(DispatchStatus next) {
        int bit = 1 << next.ordinal();
        boolean first = (reached & bit) == 0;
        reached |= bit;
        return first;
    }
}
