package io.dispatch.query.rebuild;

import io.dispatch.events.EventEnvelope;
import io.dispatch.query.dispatch.projection.DispatchBatch;
import java.util.ArrayList;
import java.util.List;

/** The records of one batch that were read but not applied; counted once the batch commits. */
final class Skips {

    record Skip(String reason, String where, String detail) {}

    private final List<Skip> skips = new ArrayList<>();

    /** {@code where}: the record's position, or the delivery and sequence of the event. */
    void skipped(String reason, String where, String detail) {
        skips.add(new Skip(reason, where, detail));
    }

    /** What a fold of dispatch-events passes over, counted here. */
    DispatchBatch.Skipped ofDeliveryEvents() {
        return new DispatchBatch.Skipped() {
            @Override
            public void beforeCreation(EventEnvelope envelope) {
                skipped("event before its delivery's creation", where(envelope), envelope.type());
            }

            @Override
            public void refused(EventEnvelope envelope, IllegalArgumentException reason) {
                skipped("event the fold refuses", where(envelope), reason.getMessage());
            }
        };
    }

    List<Skip> all() {
        return skips;
    }

    private static String where(EventEnvelope envelope) {
        return "delivery " + envelope.dispatchId() + " #" + envelope.sequence();
    }
}
