package io.dispatch.query.dispatch.projection;

import io.dispatch.events.EventEnvelope;
import org.slf4j.Logger;

/**
 * What a live projection of dispatch-events does with an event its fold passes over: one of a
 * delivery whose creation was never projected is logged and skipped; one the fold refuses fails
 * (and so is dead-lettered).
 */
public final class LiveSkips implements DispatchBatch.Skipped {

    private final Logger log;
    private final String in;

    /** {@code in}: what the warning says after the delivery, e.g. {@code " in the decisions"}, or nothing. */
    public LiveSkips(Logger log, String in) {
        this.log = log;
        this.in = in;
    }

    @Override
    public void beforeCreation(EventEnvelope envelope) {
        log.warn(
                "Skipping {} #{} of {}" + in + ": the delivery's creation was never projected",
                envelope.type(),
                envelope.sequence(),
                envelope.dispatchId());
    }

    @Override
    public void refused(EventEnvelope envelope, IllegalArgumentException reason) {
        throw reason;
    }
}
