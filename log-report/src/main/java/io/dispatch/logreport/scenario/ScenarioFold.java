package io.dispatch.logreport.scenario;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.logreport.read.LogRecord;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * The scenario being read out of the log: the entries of the event log in log order ({@link #accept}), then the
 * riders' fixes ({@link #acceptFix}), then {@link #finish}. With the event store the fixes are the deliveries' {@code
 * dispatch.location_updated} events, taken from the event log itself.
 */
public final class ScenarioFold {

    private final ScenarioRequest request;
    private final boolean fixesFromEvents;
    private final OrderBook book;
    private final RiderFixes fixes = new RiderFixes();
    private long unreadable;

    /** @param fixesFromEvents take the riders' fixes from {@code dispatch.location_updated} (the event store) */
    public ScenarioFold(ScenarioRequest request, boolean fixesFromEvents) {
        this.request = request;
        this.fixesFromEvents = fixesFromEvents;
        this.book = new OrderBook(request.from(), request.to(), request.zoneId());
    }

    public void accept(LogRecord record) {
        switch (record) {
            case LogRecord.Unreadable entry -> unreadable++;
            case LogRecord.Event event -> accept(event.envelope());
        }
    }

    private void accept(EventEnvelope envelope) {
        if (fixesFromEvents && envelope.event() instanceof RiderLocationUpdated location) {
            fixes.add(
                    location.riderId(),
                    location.recordedAt() != null ? location.recordedAt() : location.occurredAt(),
                    location.latitude(),
                    location.longitude());
        }
        book.accept(envelope);
    }

    /** A fix of the rider-positions topic, at the time its device took it (as the engine reads it). */
    public void acceptFix(RiderPositionReported fix) {
        fixes.add(
                fix.riderId(),
                fix.recordedAt() != null ? fix.recordedAt() : fix.receivedAt(),
                fix.latitude(),
                fix.longitude());
    }

    /** The end of the last order's life as read so far ({@code to} without orders): the riders are read to there. */
    public Instant horizon() {
        return book.horizon();
    }

    /** The scenario from the log alone (Kafka): the policy's other parameters and the travel take defaults. */
    public LogScenario.Made finish(String source) {
        return finish(StoreSettings.none(), source);
    }

    LogScenario.Made finish(StoreSettings store, String source) {
        return new ScenarioAssembly(request, book, fixes, store, fixesFromEvents, unreadable).make(source);
    }

    /** The (zone, version) of policy the most orders were created under; null without orders. */
    PolicyKey mostCommonPolicy() {
        Map<PolicyKey, Integer> counts = new HashMap<>();
        book.orders.values().forEach(order -> counts.merge(order.policy, 1, Integer::sum));
        return counts.entrySet().stream()
                .max(Map.Entry.<PolicyKey, Integer>comparingByValue()
                        .thenComparing(entry -> entry.getKey().version())
                        .thenComparing(entry -> entry.getKey().zoneId(), Comparator.reverseOrder()))
                .map(Map.Entry::getKey)
                .orElse(null);
    }
}
