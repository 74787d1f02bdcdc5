package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** An operator cleared the wrong PIN guesses ({@code clearedGuesses} of them) and so any lock. */
public record DeliveryPinReset(UUID dispatchId, UUID merchantId, Instant occurredAt, Actor actor, int clearedGuesses)
        implements DeliveryPinEvent {}
