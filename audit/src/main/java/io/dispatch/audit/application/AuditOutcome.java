package io.dispatch.audit.application;

import io.dispatch.audit.domain.Difference;
import io.dispatch.audit.domain.LoggedEvent;
import io.dispatch.events.view.DispatchView;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** What an audit of one delivery found. */
public sealed interface AuditOutcome {

    /** No delivery has this id: the event store holds no event of it. */
    record Unknown() implements AuditOutcome {}

    /** The delivery was created after the instant asked about. */
    record NotYetCreated(Instant createdAt) implements AuditOutcome {}

    /**
     * The delivery's events ({@code eventCount}, all of them) folded and compared with every read
     * model; {@code past} is set when an instant was asked about.
     */
    record Audited(UUID dispatchId, int eventCount, List<Difference> differences, Past past) implements AuditOutcome {

        public boolean agrees() {
            return differences.isEmpty();
        }
    }

    /** The delivery as it stood at {@code asOf}: folded from {@code events}, the ones up to it. */
    record Past(Instant asOf, DispatchView state, List<LoggedEvent> events) {}
}
