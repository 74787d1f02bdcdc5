package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/**
 * A PIN proof from the assigned rider did not match. {@code wrongGuesses} counts this guess and
 * the earlier ones since the last reset; {@code locked} says this guess used up the allowance, so
 * PIN proofs are refused until an operator resets them. The guessed digits are never recorded.
 */
public record DeliveryPinRejected(
        UUID dispatchId,
        UUID merchantId,
        Instant occurredAt,
        Actor actor,
        UUID riderId,
        int wrongGuesses,
        boolean locked)
        implements DeliveryPinEvent {}
