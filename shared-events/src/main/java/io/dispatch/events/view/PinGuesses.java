package io.dispatch.events.view;

import java.time.Instant;

/**
 * The wrong PIN guesses since the last reset: how many, when the last one came, and when PIN
 * proofs were locked (null while they are not).
 */
public record PinGuesses(int wrongGuesses, Instant lastWrongGuessAt, Instant lockedAt) {

    /** No wrong guess since creation or the last reset. */
    public static final PinGuesses NONE = new PinGuesses(0, null, null);

    public boolean locked() {
        return lockedAt != null;
    }
}
