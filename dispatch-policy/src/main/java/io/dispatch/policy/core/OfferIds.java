package io.dispatch.policy.core;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Offer ids come from the state, never from randomness: two engines, or one restarted and replaying the log, name the
 * same decision the same way, so the aggregate can refuse the second. The count is per rider rather than per
 * delivery because a BROADCAST makes many offers at once and their facts come back one by one: a count per delivery
 * would change between a decision and its retry.
 */
public final class OfferIds {

    private OfferIds() {}

    /** @param offersAlreadyMadeToRider offers of this delivery this rider had before (0 unless one was withdrawn) */
    public static UUID offerId(UUID dispatchId, UUID riderId, int offersAlreadyMadeToRider) {
        String name = "dispatch-offer|" + dispatchId + "|" + riderId + "|" + offersAlreadyMadeToRider;
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
    }
}
