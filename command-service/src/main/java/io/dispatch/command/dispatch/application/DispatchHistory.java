package io.dispatch.command.dispatch.application;

import io.dispatch.command.publication.AxonEnvelopes;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.view.DispatchView;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

/** Reads one delivery's events from the event store, the source of truth, and folds them. */
@Component
public class DispatchHistory {

    private final EventStore eventStore;

    public DispatchHistory(EventStore eventStore) {
        this.eventStore = eventStore;
    }

    public List<EventEnvelope> events(UUID dispatchId) {
        return eventStore
                .readEvents(dispatchId.toString())
                .asStream()
                .map(AxonEnvelopes::of)
                .toList();
    }

    public Optional<DispatchView> current(UUID dispatchId) {
        return DispatchView.fold(events(dispatchId));
    }
}
