package io.dispatch.simulator.ledger;

import io.dispatch.events.EventEnvelope;
import java.time.Instant;

/** What the intake writes to the simulator's record of sandbox deliveries ({@link SandboxLedger}). */
public interface LedgerWriter {

    /** Applies one event of a sandbox merchant's delivery; an older or repeated one changes nothing. */
    void record(EventEnvelope envelope);

    /** Deletes the deliveries created before {@code before}; answers how many. */
    int forgetCreatedBefore(Instant before);

    /** Writes nothing: for a reader whose deliveries are kept elsewhere (tests). */
    LedgerWriter NONE = new LedgerWriter() {
        @Override
        public void record(EventEnvelope envelope) {}

        @Override
        public int forgetCreatedBefore(Instant before) {
            return 0;
        }
    };
}
