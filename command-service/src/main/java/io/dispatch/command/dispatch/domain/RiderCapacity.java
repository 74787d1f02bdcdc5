package io.dispatch.command.dispatch.domain;

import java.util.UUID;

/**
 * Whether a rider may hold one more delivery (decisions.md §14: fewer than the rider's
 * {@code maxActive}). Asked when a rider accepts an offer, since one rider may hold several open
 * offers at once (BROADCAST) and accept them all; Axon hands it to the handlers like the clock.
 */
@FunctionalInterface
public interface RiderCapacity {

    boolean canTakeAnother(UUID riderId);
}
