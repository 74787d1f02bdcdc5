package io.dispatch.query.dispatch.projection;

import io.dispatch.events.DispatchLifecycleEvent;
import io.dispatch.events.EventEnvelope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The part of a batch of dispatch-events that the deliveries' folds apply. */
public final class LifecycleEvents {

    private LifecycleEvents() {}

    /** The lifecycle events among {@code envelopes}, by delivery in the order met, each delivery's in log order. */
    public static Map<UUID, List<EventEnvelope>> byDelivery(List<EventEnvelope> envelopes) {
        Map<UUID, List<EventEnvelope>> byDispatch = new LinkedHashMap<>();
        for (EventEnvelope envelope : envelopes) {
            if (envelope.event() instanceof DispatchLifecycleEvent) {
                byDispatch
                        .computeIfAbsent(envelope.dispatchId(), id -> new ArrayList<>())
                        .add(envelope);
            }
        }
        return byDispatch;
    }
}
