package io.dispatch.events;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * An event as it travels on Kafka: identity, type and version, the delivery and merchant it
 * belongs to, its position in the delivery's own sequence (0 for creation), when and by whom.
 */
public record EventEnvelope(
        UUID eventId,
        String type,
        int version,
        UUID dispatchId,
        UUID merchantId,
        long sequence,
        Instant occurredAt,
        Actor actor,
        DispatchEvent event) {

    public EventEnvelope {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(event, "event");
    }

    /** Wraps an event with its id and per-delivery sequence; the rest is read off the event. */
    public static EventEnvelope of(UUID eventId, long sequence, DispatchEvent event) {
        EventType type = EventType.of(event);
        return new EventEnvelope(
                eventId,
                type.wireName(),
                type.version(),
                event.dispatchId(),
                event.merchantId(),
                sequence,
                event.occurredAt(),
                event.actor(),
                event);
    }
}
