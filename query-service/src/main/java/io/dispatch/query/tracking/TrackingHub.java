package io.dispatch.query.tracking;

import io.dispatch.events.DeliveryPlanned;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EtaUpdated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderPositionReported;
import java.time.Instant;
import java.util.AbstractQueue;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.Scannable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Live tracking fan-out. Each query-service instance reads dispatch-events and rider-positions
 * from the live end with a consumer group of its own (so every instance sees every delivery),
 * and hands each change to the viewers of that delivery connected to it. However many
 * customers watch, the database is read once per viewer, when the stream opens, never polled.
 *
 * <p>A viewer that reads slower than changes come (a phone on a bad network, a client that
 * stopped reading) holds a bounded backlog, never a growing one: of the rider's positions only
 * the newest waits (older ones are dropped, a newer position replaces them), so does the newest
 * of the route planner's estimates, and at most
 * {@link #STATUS_BACKLOG} status changes wait; a viewer further behind than that is ended, and
 * its browser reconnects to the current state.
 */
@Component
public class TrackingHub {

    /** Status changes one viewer may have waiting; a delivery has seven statuses in its life. */
    public static final int STATUS_BACKLOG = 16;
    /** The most updates one viewer ever has waiting in the hub: the statuses, one position and one estimate. */
    public static final int MAX_BACKLOG = STATUS_BACKLOG + 2;

    /**
     * The hub's consumers: a group of this instance's own (each instance fans every record out to
     * its viewers), from the newest record on.
     */
    private static final String OWN_GROUP = "query-service.tracking-#{T(java.util.UUID).randomUUID()}";

    private static final String FROM_NOW_ON = "auto.offset.reset=latest";

    /** What a viewer is told. */
    public sealed interface Update {}

    public record StatusChanged(long sequence, DispatchStatus status, Instant occurredAt) implements Update {}

    public record RiderMoved(double latitude, double longitude, Instant timestamp) implements Update {}

    /**
     * The route planner's estimates after a plan or an estimate update (decisions.md §15): when the
     * rider is planned to collect the parcel and to hand it over, null when not planned.
     */
    public record EstimatesChanged(long sequence, Instant estimatedPickupAt, Instant estimatedDeliveryAt)
            implements Update {}

    /** A viewer further behind than {@link #STATUS_BACKLOG} status changes: its stream ends. */
    public static final class ViewerFellBehind extends RuntimeException {
        ViewerFellBehind() {
            super("A tracking viewer fell more than " + STATUS_BACKLOG + " status changes behind", null, false, false);
        }
    }

    /** One viewer's own buffer, registered before the current state is read so nothing falls between. */
    public static final class Viewer {
        private final Sinks.Many<Update> updates = Sinks.many().unicast().onBackpressureBuffer(new Backlog());

        /** The updates as the viewer takes them, in the order they came, older positions left out. */
        public Flux<Update> updates() {
            return updates.asFlux();
        }

        private long lastStatusSequence = -1;

        /** A status change at or below one already told is a copy the log delivered twice: dropped. */
        private synchronized void tell(Update update) {
            if (update instanceof StatusChanged changed) {
                if (changed.sequence() <= lastStatusSequence) {
                    return;
                }
                lastStatusSequence = changed.sequence();
            }
            if (updates.tryEmitNext(update) == Sinks.EmitResult.FAIL_OVERFLOW) {
                updates.tryEmitError(new ViewerFellBehind());
            }
        }

        /** Updates waiting in this viewer's buffer (the stream's own operators hold a few more). */
        int backlog() {
            return Objects.requireNonNullElse(Scannable.from(updates).scan(Scannable.Attr.BUFFERED), 0);
        }
    }

    /**
     * What one viewer has not taken yet, oldest first: every status change, at most
     * {@link #STATUS_BACKLOG} of them (a further one is refused: the viewer fell behind), the
     * newest position only (a newer one replaces it and goes last) and the newest estimates only
     * (the same way). Offered by the consumer
     * threads, taken by the viewer's stream: every method holds the lock.
     */
    static final class Backlog extends AbstractQueue<Update> {
        private final ArrayDeque<Update> waiting = new ArrayDeque<>();
        private int statuses;

        @Override
        public synchronized boolean offer(Update update) {
            if (update instanceof StatusChanged) {
                if (statuses == STATUS_BACKLOG) {
                    return false;
                }
                statuses++;
            } else {
                waiting.removeIf(update.getClass()::isInstance);
            }
            return waiting.add(update);
        }

        @Override
        public synchronized Update poll() {
            Update next = waiting.poll();
            if (next instanceof StatusChanged) {
                statuses--;
            }
            return next;
        }

        @Override
        public synchronized Update peek() {
            return waiting.peek();
        }

        @Override
        public synchronized int size() {
            return waiting.size();
        }

        @Override
        public synchronized void clear() {
            waiting.clear();
            statuses = 0;
        }

        @Override
        public Iterator<Update> iterator() {
            throw new UnsupportedOperationException("a backlog is only offered to and polled");
        }
    }

    private final Map<UUID, Set<Viewer>> viewers = new ConcurrentHashMap<>();

    public Viewer watch(UUID dispatchId) {
        Viewer viewer = new Viewer();
        viewers.computeIfAbsent(dispatchId, id -> ConcurrentHashMap.newKeySet()).add(viewer);
        return viewer;
    }

    public void leave(UUID dispatchId, Viewer viewer) {
        viewers.computeIfPresent(dispatchId, (id, watching) -> {
            watching.remove(viewer);
            return watching.isEmpty() ? null : watching;
        });
    }

    /** How many streams are open (a gauge for operators, and for tests). */
    public int viewerCount() {
        return viewers.values().stream().mapToInt(Set::size).sum();
    }

    /** The most updates any one viewer has waiting in the hub; never above {@link #MAX_BACKLOG}. */
    public int largestBacklog() {
        return viewers.values().stream()
                .flatMap(Set::stream)
                .mapToInt(Viewer::backlog)
                .max()
                .orElse(0);
    }

    @KafkaListener(
            id = "query-service.tracking.dispatch-events",
            groupId = OWN_GROUP,
            topics = "dispatch-events",
            containerFactory = "queryListenerContainerFactory",
            properties = FROM_NOW_ON)
    public void onEvent(ConsumerRecord<String, EventEnvelope> record) {
        EventEnvelope envelope = record.value();
        if (envelope == null || !viewers.containsKey(envelope.dispatchId())) {
            return;
        }
        DispatchStatus.after(envelope.event())
                .ifPresent(status -> publish(
                        envelope.dispatchId(), new StatusChanged(envelope.sequence(), status, envelope.occurredAt())));
        switch (envelope.event()) {
            case DeliveryPlanned plan ->
                publish(
                        envelope.dispatchId(),
                        new EstimatesChanged(
                                envelope.sequence(), plan.estimatedPickupAt(), plan.estimatedDeliveryAt()));
            case EtaUpdated update ->
                publish(
                        envelope.dispatchId(),
                        new EstimatesChanged(
                                envelope.sequence(), update.estimatedPickupAt(), update.estimatedDeliveryAt()));
            default -> {
                // the status above, or nothing the customer sees
            }
        }
    }

    @KafkaListener(
            id = "query-service.tracking.rider-positions",
            groupId = OWN_GROUP,
            topics = "rider-positions",
            containerFactory = "riderPositionsContainerFactory",
            properties = FROM_NOW_ON)
    public void onPosition(ConsumerRecord<String, RiderPositionReported> record) {
        RiderPositionReported fix = record.value();
        if (fix == null) {
            return;
        }
        RiderMoved moved = new RiderMoved(fix.latitude(), fix.longitude(), fix.recordedAt());
        fix.dispatchIds().forEach(id -> publish(id, moved));
    }

    void publish(UUID dispatchId, Update update) {
        Set<Viewer> watching = viewers.get(dispatchId);
        if (watching == null) {
            return;
        }
        // two consumer threads may reach one viewer at once: tell() takes one at a time
        watching.forEach(viewer -> viewer.tell(update));
    }
}
