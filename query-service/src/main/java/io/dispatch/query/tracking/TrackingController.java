package io.dispatch.query.tracking;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.dispatch.events.DispatchStatus;
import io.dispatch.events.Stop;
import io.dispatch.events.Topics;
import io.dispatch.events.view.DispatchView;
import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.query.dispatch.projection.DispatchProjection;
import io.dispatch.query.freshness.ReadYourWrites;
import io.dispatch.query.rider.RiderPositionProjection;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.RiderAccounts;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What the customer holding a tracking link may see, and no more: status and its timeline, the
 * drop-off address and point, the pickup point (where the parcel comes from: coordinates only,
 * no address or notes), the rider's first name and position while the rider has the parcel or
 * is heading to it, the target time, the route planner's estimates (decisions.md §15) and the PIN
 * to give at the door. No key: the token is the secret (144 random bits).
 */
@Tag(name = "Tracking", description = "Public, for the customer: no key")
@RestController
public class TrackingController {

    private static final Pattern TOKEN = Pattern.compile("^[A-Za-z0-9_-]{16,64}$");
    private static final int STREAM_PREFETCH = 4;

    private final DispatchRows rows;
    private final RiderPositionProjection positions;
    private final RiderAccounts riders;
    private final TrackingHub hub;
    private final ReadYourWrites freshness;
    private final Duration heartbeat;

    public TrackingController(
            DispatchRows rows,
            RiderPositionProjection positions,
            RiderAccounts riders,
            TrackingHub hub,
            ReadYourWrites freshness,
            TrackingProperties properties) {
        this.rows = rows;
        this.positions = positions;
        this.riders = riders;
        this.hub = hub;
        this.freshness = freshness;
        this.heartbeat = properties.heartbeat();
    }

    public record Location(double latitude, double longitude, Instant timestamp) {}

    public record Rider(String name, Location location) {}

    /** The drop-off as the merchant gave it; lat and lng are left out when it gave none. */
    public record Dropoff(
            String address,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double lat,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double lng) {

        static Dropoff of(Stop stop) {
            boolean known = stop.hasCoordinates();
            return new Dropoff(stop.address(), known ? stop.lat() : null, known ? stop.lng() : null);
        }
    }

    /** A pin on the customer's map. */
    public record Point(double lat, double lng) {

        /** The stop's point; null when the merchant gave only an address. */
        static Point of(Stop stop) {
            return stop != null && stop.hasCoordinates() ? new Point(stop.lat(), stop.lng()) : null;
        }
    }

    public record Step(String status, Instant occurredAt) {}

    public record Tracking(
            DispatchStatus status,
            String externalId,
            Dropoff dropoff,
            Point pickup,
            Rider rider,
            List<Step> events,
            Instant targetDeliveryAt,
            Instant estimatedPickupAt,
            Instant estimatedDeliveryAt,
            String deliveryPin) {}

    /** SSE {@code estimates} data: the route planner's times, null when not planned. */
    public record Estimates(Instant estimatedPickupAt, Instant estimatedDeliveryAt) {}

    @Operation(summary = "Track a delivery", description = """
      The customer's view: {status, externalId, dropoff: {address, lat?, lng?}, pickup: {lat, lng} | null, \
      rider: {name, location} | null, events: [{status, occurredAt}], targetDeliveryAt, estimatedPickupAt, \
      estimatedDeliveryAt, deliveryPin}. dropoff.lat and dropoff.lng are left out, and pickup is null, when the \
      merchant gave that stop no coordinates; the pickup's address and notes are never shown. rider.location is \
      the rider's newest position while the delivery is ASSIGNED, PICKED_UP or IN_TRANSIT, else null. \
      estimatedPickupAt and estimatedDeliveryAt are the route planner's times (dispatching mode BATCHED), null \
      without a plan; the pickup's is null once the parcel is collected. Unknown token: 404.""")
    @GetMapping(path = "/api/v1/track/{token}", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> track(@PathVariable String token) {
        if (!TOKEN.matcher(token).matches()) {
            return Mono.error(ApiException.notFound("Tracking link"));
        }
        return find(token)
                .flatMap(view -> Mono.zip(
                        rider(view),
                        steps(view),
                        (rider, steps) -> new Tracking(
                                view.status(),
                                view.order().externalId(),
                                Dropoff.of(view.order().dropoff()),
                                Point.of(view.order().pickup()),
                                rider.orElse(null),
                                steps,
                                view.order().targetDeliveryAt(),
                                view.estimatedPickupAt(),
                                view.estimatedDeliveryAt(),
                                view.deliveryPin())))
                .map(Envelope::of);
    }

    /** SSE {@code status} data. */
    public record StatusData(DispatchStatus status, Instant occurredAt) {}

    @Operation(summary = "Follow a delivery live (Server-Sent Events)", description = """
      text/event-stream. First the current state: a `status` event {status, occurredAt}, while a rider \
      has the parcel or is heading to it a `location` event {latitude, longitude, timestamp}, and when the \
      route planner has estimates an `estimates` event {estimatedPickupAt, estimatedDeliveryAt}; then each \
      change as it happens (a new plan sends `estimates` again). A comment line (`:heartbeat`) every 15 s keeps proxies from closing the \
      connection. The stream ends after a DELIVERED, FAILED or CANCELLED status. Unknown token: 404.""")
    @GetMapping(path = "/api/v1/track/{token}/stream", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public Flux<ServerSentEvent<Object>> stream(@PathVariable String token) {
        if (!TOKEN.matcher(token).matches()) {
            return Flux.error(ApiException.notFound("Tracking link"));
        }
        return find(token).flatMapMany(found -> {
            TrackingHub.Viewer live = hub.watch(found.dispatchId());
            // Re-read after registering: a change committed meanwhile is either in this state or in `live`.
            Flux<ServerSentEvent<Object>> events = rows.findByTrackingToken(token)
                    .defaultIfEmpty(found)
                    .flatMapMany(view -> Flux.concat(
                            current(view),
                            live.updates()
                                    .filter(update -> switch (update) {
                                        // at or below the state read: in it already
                                        case TrackingHub.StatusChanged s -> s.sequence() > view.sequence();
                                        case TrackingHub.EstimatesChanged e -> e.sequence() > view.sequence();
                                        case TrackingHub.RiderMoved m -> true;
                                    })
                                    .map(TrackingEvents::event)));
            // The stream ends with the terminal status, which also stops the heartbeats. A small
            // prefetch: what a slow viewer has waiting stays in the hub's bounded buffers.
            return Flux.merge(STREAM_PREFETCH, events, TrackingEvents.heartbeats(heartbeat))
                    .takeUntil(TrackingEvents::terminal)
                    // ended, its browser reconnects and starts again from the current state
                    .onErrorResume(TrackingHub.ViewerFellBehind.class, behind -> Flux.empty())
                    .doFinally(signal -> hub.leave(found.dispatchId(), live));
        });
    }

    private Flux<ServerSentEvent<Object>> current(DispatchView view) {
        ServerSentEvent<Object> status = TrackingEvents.status(view.status(), view.updatedAt());
        Flux<ServerSentEvent<Object>> estimates = view.estimatedPickupAt() == null && view.estimatedDeliveryAt() == null
                ? Flux.empty()
                : Flux.just(TrackingEvents.estimates(view.estimatedPickupAt(), view.estimatedDeliveryAt()));
        if (view.riderId() == null || view.status().isTerminal() || view.status() == DispatchStatus.NEW) {
            return Flux.concat(Mono.just(status), estimates);
        }
        return Flux.concat(
                Mono.just(status),
                positions
                        .latest(view.riderId())
                        .map(p -> TrackingEvents.event(
                                new TrackingHub.RiderMoved(p.latitude(), p.longitude(), p.recordedAt()))),
                estimates);
    }

    /**
     * The delivery of a token, as fresh as a merchant's read: once found, the read waits (bounded)
     * until the projection has applied what the delivery's partition held when the read began, and
     * looks again, so the page right after a rider's accept shows ASSIGNED. A miss waits for the
     * projection to catch up with the whole log once and looks again, so a link handed out right
     * after the create never answers 404.
     */
    private Mono<DispatchView> find(String token) {
        return rows.findByTrackingToken(token)
                .flatMap(found -> freshness
                        .awaitDispatch(DispatchProjection.NAME, Topics.DISPATCH_EVENTS, found.dispatchId())
                        .then(rows.findByTrackingToken(token))
                        .defaultIfEmpty(found))
                .switchIfEmpty(Mono.defer(() -> freshness
                        .awaitAll(DispatchProjection.NAME, Topics.DISPATCH_EVENTS)
                        .then(rows.findByTrackingToken(token))))
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Tracking link")));
    }

    private Mono<List<Step>> steps(DispatchView view) {
        return rows.history(view.dispatchId())
                .map(t -> new Step(t.status(), t.occurredAt()))
                .collectList();
    }

    private Mono<Optional<Rider>> rider(DispatchView view) {
        if (view.riderId() == null) {
            return Mono.just(Optional.empty());
        }
        boolean moving = view.status() == DispatchStatus.ASSIGNED
                || view.status() == DispatchStatus.PICKED_UP
                || view.status() == DispatchStatus.IN_TRANSIT;
        Mono<Optional<Location>> location = moving
                ? positions
                        .latest(view.riderId())
                        .map(p -> Optional.of(new Location(p.latitude(), p.longitude(), p.recordedAt())))
                        .defaultIfEmpty(Optional.empty())
                : Mono.just(Optional.empty());
        Mono<String> name = Blocking.call(
                () -> riders.find(view.riderId()).map(r -> firstName(r.name())).orElse("Your rider"));
        return Mono.zip(name, location, (n, l) -> Optional.of(new Rider(n, l.orElse(null))));
    }

    private static String firstName(String name) {
        String trimmed = name.strip();
        int space = trimmed.indexOf(' ');
        return space > 0 ? trimmed.substring(0, space) : trimmed;
    }
}
