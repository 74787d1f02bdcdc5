package io.dispatch.policy.core;

import java.time.Instant;
import java.util.UUID;

/** An offer that was made (its fact came back) and has not ended. */
public record OpenOffer(UUID offerId, UUID dispatchId, UUID riderId, Instant expiresAt) {}
