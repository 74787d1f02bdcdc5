package io.dispatch.command.dispatch.application;

import io.dispatch.command.dispatch.domain.DeliveryAttempt.PinRejected;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Wrong delivery PIN guesses, logged at WARN with the delivery and the rider (never the digits)
 * and counted in Micrometer ({@code dispatch.pin.wrong_guesses}, {@code dispatch.pin.locks}) and,
 * since this process started, on {@code GET /api/v1/admin/pin-guard/stats}.
 */
@Component
public class PinGuessMetrics {

    private static final Logger log = LoggerFactory.getLogger(PinGuessMetrics.class);

    private final LongAdder wrongGuesses = new LongAdder();
    private final LongAdder locks = new LongAdder();
    private final LongAdder refusedWhileLocked = new LongAdder();
    private final LongAdder resets = new LongAdder();
    private final Counter wrongGuessMeter;
    private final Counter lockMeter;

    public PinGuessMetrics(MeterRegistry meters) {
        this.wrongGuessMeter = Counter.builder("dispatch.pin.wrong_guesses")
                .description("Wrong delivery PIN guesses compared")
                .register(meters);
        this.lockMeter = Counter.builder("dispatch.pin.locks")
                .description("Deliveries whose PIN proofs were locked after 5 wrong guesses")
                .register(meters);
    }

    /** Counters of this instance; each instance counts the guesses it handled. */
    public record Snapshot(long wrongGuesses, long locks, long refusedWhileLocked, long resets) {}

    void wrongGuess(UUID dispatchId, UUID riderId, PinRejected rejected) {
        wrongGuesses.increment();
        wrongGuessMeter.increment();
        log.warn(
                "Wrong delivery PIN for delivery {} from rider {}: wrong guess {} since the last reset, {} left",
                dispatchId,
                riderId,
                rejected.wrongGuesses(),
                rejected.guessesLeft());
        if (rejected.locked()) {
            locks.increment();
            lockMeter.increment();
            log.warn(
                    "PIN proofs locked for delivery {} after {} wrong guesses (the last from rider {}); "
                            + "an operator must reset them",
                    dispatchId,
                    rejected.wrongGuesses(),
                    riderId);
        }
    }

    void refusedWhileLocked(UUID dispatchId, UUID riderId) {
        refusedWhileLocked.increment();
        log.warn("PIN proof for delivery {} from rider {} refused: PIN proofs are locked", dispatchId, riderId);
    }

    void reset(UUID dispatchId, String operator) {
        resets.increment();
        log.info("Operator {} reset the PIN guesses of delivery {}", operator, dispatchId);
    }

    public Snapshot snapshot() {
        return new Snapshot(wrongGuesses.sum(), locks.sum(), refusedWhileLocked.sum(), resets.sum());
    }
}
