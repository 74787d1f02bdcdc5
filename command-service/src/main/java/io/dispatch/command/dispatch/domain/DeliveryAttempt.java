package io.dispatch.command.dispatch.domain;

/**
 * What a {@link DispatchCommands.ConfirmDelivery} decided. A wrong PIN is an answer rather than
 * an exception: its {@code dispatch.pin_rejected} event must be stored, and a command handler
 * that throws has its events rolled back.
 */
public sealed interface DeliveryAttempt {

    /** The sequence of the event the attempt appended. */
    long sequence();

    /** Handed over: {@code dispatch.delivered} was appended. */
    record Delivered(long sequence) implements DeliveryAttempt {}

    /**
     * The PIN did not match: {@code dispatch.pin_rejected} was appended. {@code locked} when this
     * guess used up the allowance ({@code guessesLeft} is then 0).
     */
    record PinRejected(long sequence, int wrongGuesses, int guessesLeft, boolean locked) implements DeliveryAttempt {}
}
