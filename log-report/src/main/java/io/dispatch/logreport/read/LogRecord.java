package io.dispatch.logreport.read;

import io.dispatch.events.EventEnvelope;
import java.util.UUID;

/**
 * One entry of the log as the report sees it, at its position: {@code <partition>:<offset>} on
 * Kafka, the global index in the event store (the same syntax the range options take).
 */
public sealed interface LogRecord {

    String position();

    record Event(String position, EventEnvelope envelope) implements LogRecord {}

    /**
     * An entry this code cannot read. Whatever could still be made out of it is kept (null when not):
     * its delivery and sequence keep the delivery's sequence whole, its merchant lets a merchant
     * filter keep or drop it.
     */
    record Unreadable(
            String position,
            UnreadableReason reason,
            String detail,
            String type,
            UUID dispatchId,
            UUID merchantId,
            Long sequence)
            implements LogRecord {}
}
