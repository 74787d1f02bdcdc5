package io.dispatch.query.tracking;

import io.dispatch.events.DispatchStatus;
import io.dispatch.query.tracking.TrackingController.Estimates;
import io.dispatch.query.tracking.TrackingController.Location;
import io.dispatch.query.tracking.TrackingController.StatusData;
import java.time.Duration;
import java.time.Instant;
import org.springframework.http.codec.ServerSentEvent;
import reactor.core.publisher.Flux;

/**
 * The Server-Sent Events of the live tracking stream: how a change of the hub reads on the wire,
 * the heartbeat comments, and which event ends the stream. Kept apart from
 * {@link TrackingController}, which decides what the customer sees and when.
 */
final class TrackingEvents {

    private TrackingEvents() {}

    /** A {@code status} event. */
    static ServerSentEvent<Object> status(DispatchStatus status, Instant occurredAt) {
        return ServerSentEvent.<Object>builder(new StatusData(status, occurredAt))
                .event("status")
                .build();
    }

    /** An {@code estimates} event: the route planner's times, null when not planned. */
    static ServerSentEvent<Object> estimates(Instant pickupAt, Instant deliveryAt) {
        return ServerSentEvent.<Object>builder(new Estimates(pickupAt, deliveryAt))
                .event("estimates")
                .build();
    }

    /** A change from the hub as the event the page reads: {@code status}, {@code location} or {@code estimates}. */
    static ServerSentEvent<Object> event(TrackingHub.Update update) {
        return switch (update) {
            case TrackingHub.StatusChanged s -> status(s.status(), s.occurredAt());
            case TrackingHub.RiderMoved m ->
                ServerSentEvent.<Object>builder(new Location(m.latitude(), m.longitude(), m.timestamp()))
                        .event("location")
                        .build();
            case TrackingHub.EstimatesChanged e -> estimates(e.estimatedPickupAt(), e.estimatedDeliveryAt());
        };
    }

    /**
     * A {@code :heartbeat} comment every {@code every}, so proxies keep the connection open. A
     * viewer that does not read misses heartbeats rather than piling them up.
     */
    static Flux<ServerSentEvent<Object>> heartbeats(Duration every) {
        return Flux.interval(every)
                .onBackpressureDrop()
                .map(tick ->
                        ServerSentEvent.<Object>builder().comment("heartbeat").build());
    }

    /** A DELIVERED, FAILED or CANCELLED status: the last event of a stream. */
    static boolean terminal(ServerSentEvent<Object> event) {
        return "status".equals(event.event())
                && event.data() instanceof StatusData s
                && s.status().isTerminal();
    }
}
