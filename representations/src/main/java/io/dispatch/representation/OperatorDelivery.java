package io.dispatch.representation;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.dispatch.events.view.DispatchView;
import io.dispatch.events.view.PinGuesses;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * A delivery as operators see it: every field of the merchant's REST form, plus {@code pinLock},
 * the guard on the delivery PIN, which merchants and riders never see.
 */
@Schema(name = "OperatorDelivery", description = "The merchant's Delivery plus pinLock, which only operators see")
public record OperatorDelivery(@JsonUnwrapped Delivery delivery, PinLock pinLock) {

    /**
     * Wrong PIN guesses since creation or the last reset; {@code locked} once they reached the limit
     * (5), when PIN proofs are refused until an operator resets them.
     */
    @Schema(name = "PinLock", description = """
      Wrong PIN guesses since creation or the last reset (POST /api/v1/admin/dispatches/{id}/pin/reset). \
      After 5, locked is true and PIN proofs answer 409 until an operator resets them.""")
    public record PinLock(int wrongGuesses, boolean locked, Instant lockedAt, Instant lastWrongGuessAt) {

        static PinLock of(PinGuesses guesses) {
            return new PinLock(
                    guesses.wrongGuesses(), guesses.locked(), guesses.lockedAt(), guesses.lastWrongGuessAt());
        }
    }

    /** @param publicBaseUrl where customers reach this service, as for {@link Delivery#from} */
    public static OperatorDelivery from(DispatchView view, String publicBaseUrl) {
        return new OperatorDelivery(Delivery.from(view, publicBaseUrl), PinLock.of(view.pinGuesses()));
    }
}
