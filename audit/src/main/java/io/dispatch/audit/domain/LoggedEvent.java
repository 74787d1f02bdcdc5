package io.dispatch.audit.domain;

import io.dispatch.events.EventEnvelope;

/**
 * An event of the log with its position in the whole log: the event store's global index
 * ({@code command.domain_event_entry.globalIndex}). It grows with every append across all
 * deliveries (with gaps), and is the order in which the Kafka publisher sends the events.
 */
public record LoggedEvent(EventEnvelope envelope, long logPosition) {}
