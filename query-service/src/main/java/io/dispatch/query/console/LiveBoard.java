package io.dispatch.query.console;

import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.RiderAssigned;
import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.Stop;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * The console's live map fan-out: like the tracking hub, each query-service instance reads
 * dispatch-events and rider-positions from the live end with a consumer group of its own and
 * hands every rider's position and every delivery's status change to each operator's stream
 * connected to it. The database is read once per stream, when it opens (its snapshot), never
 * polled. A stream that reads slower than changes come holds at most {@link #BACKLOG} of them;
 * one further behind is ended, and its browser reconnects to a fresh snapshot.
 */
@Component
public class LiveBoard {

    /** Changes one operator's stream may have waiting. */
    public static final int BACKLOG = 512;

    private static final String OWN_GROUP = "query-service.live-#{T(java.util.UUID).randomUUID()}";
    private static final String FROM_NOW_ON = "auto.offset.reset=latest";

    /** What a stream is told. */
    public sealed interface Change {}

    /** A rider's newest position. */
    public record RiderMoved(UUID riderId, double lat, double lng, Instant recordedAt) implements Change {}

    /** A point on the map, null when the merchant gave only an address. */
    public record Point(double lat, double lng) {
        static Point of(Stop stop) {
            return stop != null && stop.hasCoordinates() ? new Point(stop.lat(), stop.lng()) : null;
        }
    }

    /**
     * A delivery's new status. riderId: the rider it was given to, on ASSIGNED only (the stream's
     * reader keeps the one it knows until the delivery is NEW again); pickup and dropoff on NEW
     * after a create only.
     */
    public record DeliveryChanged(
            UUID dispatchId, DispatchStatus status, UUID riderId, Point pickup, Point dropoff, Instant occurredAt)
            implements Change {}

    /** A stream further behind than {@link #BACKLOG} changes: it ends. */
    public static final class FellBehind extends RuntimeException {
        FellBehind() {
            super("An operator's live stream fell more than " + BACKLOG + " changes behind", null, false, false);
        }
    }

    /** One stream's own buffer, registered before its snapshot is read so that nothing falls between. */
    public static final class Watcher {
        private final Sinks.Many<Change> changes =
                Sinks.many().unicast().onBackpressureBuffer(new ArrayBlockingQueue<>(BACKLOG));

        public Flux<Change> changes() {
            return changes.asFlux();
        }

        private synchronized void tell(Change change) {
            if (changes.tryEmitNext(change) == Sinks.EmitResult.FAIL_OVERFLOW) {
                changes.tryEmitError(new FellBehind());
            }
        }
    }

    private final Set<Watcher> watchers = ConcurrentHashMap.newKeySet();

    public Watcher watch() {
        Watcher watcher = new Watcher();
        watchers.add(watcher);
        return watcher;
    }

    public void leave(Watcher watcher) {
        watchers.remove(watcher);
    }

    /** How many operator streams are open on this instance. */
    public int watcherCount() {
        return watchers.size();
    }

    @KafkaListener(
            id = "query-service.live.dispatch-events",
            groupId = OWN_GROUP,
            topics = "dispatch-events",
            containerFactory = "queryListenerContainerFactory",
            properties = FROM_NOW_ON)
    public void onEvent(ConsumerRecord<String, EventEnvelope> record) {
        EventEnvelope envelope = record.value();
        if (envelope == null || watchers.isEmpty()) {
            return;
        }
        DispatchStatus.after(envelope.event()).ifPresent(status -> {
            UUID riderId = envelope.event() instanceof RiderAssigned assigned ? assigned.riderId() : null;
            Point pickup = null;
            Point dropoff = null;
            if (envelope.event() instanceof DispatchCreated created) {
                pickup = Point.of(created.order().pickup());
                dropoff = Point.of(created.order().dropoff());
            }
            publish(new DeliveryChanged(
                    envelope.dispatchId(), status, riderId, pickup, dropoff, envelope.occurredAt()));
        });
    }

    @KafkaListener(
            id = "query-service.live.rider-positions",
            groupId = OWN_GROUP,
            topics = "rider-positions",
            containerFactory = "riderPositionsContainerFactory",
            properties = FROM_NOW_ON)
    public void onPosition(ConsumerRecord<String, RiderPositionReported> record) {
        RiderPositionReported fix = record.value();
        if (fix == null || watchers.isEmpty()) {
            return;
        }
        publish(new RiderMoved(fix.riderId(), fix.latitude(), fix.longitude(), fix.recordedAt()));
    }

    void publish(Change change) {
        // two consumer threads may reach one watcher at once: tell() takes one at a time
        watchers.forEach(watcher -> watcher.tell(change));
    }
}
