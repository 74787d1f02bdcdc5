package io.dispatch.command.audit;

import io.dispatch.audit.application.DeliveryLog;
import io.dispatch.audit.domain.LoggedEvent;
import io.dispatch.command.publication.AxonEnvelopes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * One delivery's events from the event store, decoded by the event store itself (its serializer
 * and any upcasters, as the aggregate reads them), each with its position in the whole log: the
 * {@code globalIndex} of its row, which Axon's stream API does not carry, read beside it by
 * event id. Called inside the audit's transaction, so both reads see one snapshot. The audit itself
 * lives in the module {@code audit}, which reads the read models; command-service owns the event
 * store, so it supplies the events (docs/adr/0044).
 */
@Component
public class DispatchEventLog implements DeliveryLog {

    private final EventStore eventStore;
    private final JdbcTemplate jdbc;

    public DispatchEventLog(EventStore eventStore, JdbcTemplate jdbc) {
        this.eventStore = eventStore;
        this.jdbc = jdbc;
    }

    @Override
    public List<LoggedEvent> read(UUID dispatchId) {
        List<? extends DomainEventMessage<?>> messages =
                eventStore.readEvents(dispatchId.toString()).asStream().toList();
        if (messages.isEmpty()) {
            return List.of();
        }
        Map<String, Long> positions = new HashMap<>();
        jdbc.query(
                "select eventIdentifier, globalIndex from command.domain_event_entry where aggregateIdentifier = ?",
                row -> {
                    positions.put(row.getString(1), row.getLong(2));
                },
                dispatchId.toString());
        return messages.stream()
                .map(message -> {
                    Long position = positions.get(message.getIdentifier());
                    if (position == null) {
                        throw new IllegalStateException(
                                "event " + message.getIdentifier() + " of " + dispatchId + " has no log position");
                    }
                    return new LoggedEvent(AxonEnvelopes.of(message), position);
                })
                .toList();
    }
}
