package io.dispatch.command.publication;

import io.dispatch.events.DispatchEvent;
import io.dispatch.events.EventEnvelope;
import java.util.UUID;
import org.axonframework.eventhandling.DomainEventMessage;

/** Turns a stored Axon event into the wire envelope: Axon's message id and sequence number. */
public final class AxonEnvelopes {

    private AxonEnvelopes() {}

    public static EventEnvelope of(DomainEventMessage<?> message) {
        return of(message.getIdentifier(), message.getSequenceNumber(), (DispatchEvent) message.getPayload());
    }

    public static EventEnvelope of(String messageIdentifier, long sequence, DispatchEvent event) {
        return EventEnvelope.of(UUID.fromString(messageIdentifier), sequence, event);
    }
}
