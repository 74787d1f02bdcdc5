package io.dispatch.command.dispatch.application;

import io.dispatch.command.dispatch.domain.DeliveryAttempt.PinRejected;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Wrong delivery PIN guesses, counted since this process started and logged at WARN with the
 * delivery and the rider (never the digits). Micrometer is not on this build's classpath (see
 * ADR 0009), so the counters carry the names the meters would have, {@code dispatch.pin.wrong_guesses}
 * and {@code dispatch.pin.locks}, and operators read them at {@code GET /api/v1/admin/pin-guard/stats}.
 */
@Component
public class PinGuessMetrics {

  private static final Logger log = LoggerFactory.getLogger(PinGuessMetrics.class);

  private final LongAdder wrongGuesses = new LongAdder();
  private final LongAdder locks = new LongAdder();
  private final LongAdder refusedWhileLocked = new LongAdder();
  private final LongAdder resets = new LongAdder();

  /** Counters of this instance; each instance counts the guesses it handled. */
  public record Snapshot(long wrongGuesses, long locks, long refusedWhileLocked, long resets) {}

  void wrongGuess(UUID dispatchId, UUID riderId, PinRejected rejected) {
    wrongGuesses.increment();
    log.warn("Wrong delivery PIN for delivery {} from rider {}: wrong guess {} since the last reset, {} left",
        dispatchId, riderId, rejected.wrongGuesses(), rejected.guessesLeft());
    if (rejected.locked()) {
      locks.increment();
      log.warn("PIN proofs locked for delivery {} after {} wrong guesses (the last from rider {}); "
          + "an operator must reset them", dispatchId, rejected.wrongGuesses(), riderId);
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
