package io.dispatch.policy.core;

import java.time.Instant;
import java.util.UUID;

/** A NEW delivery nobody holds, as the operator's queue shows it. */
public record WaitingDelivery(
        UUID dispatchId, String zoneId, Instant openedAt, QueueReason reason, int offersMade, int openOffers) {}
