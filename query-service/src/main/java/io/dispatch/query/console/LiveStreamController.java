package io.dispatch.query.console;

import io.dispatch.query.tracking.TrackingProperties;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.error.ErrorCode;
import io.dispatch.web.identity.OperatorAccess;
import io.dispatch.web.identity.OperatorPrincipal;
import io.dispatch.web.identity.OperatorRole;
import io.dispatch.web.scheduling.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;

/**
 * The console's live map (decisions.md §16): one stream per operator's page, a snapshot of the
 * riders and open deliveries, then every position and status change as it happens. At most
 * {@link #MAX_STREAMS} are open on one instance at once, as the tracking streams are capped per
 * client: a stream held for hours costs a buffer and a connection.
 */
@Tag(name = "Operator: dispatching")
@RestController
@OperatorAccess({OperatorRole.DISPATCHER, OperatorRole.AUDITOR})
public class LiveStreamController {

    /** Operators' live streams one instance holds open at once. */
    public static final int MAX_STREAMS = 50;

    static final long RETRY_AFTER_SECONDS = 30;

    private final LiveBoard board;
    private final LiveSnapshot snapshot;
    private final Duration heartbeat;
    private final AtomicInteger open = new AtomicInteger();

    public LiveStreamController(LiveBoard board, LiveSnapshot snapshot, TrackingProperties tracking) {
        this.board = board;
        this.snapshot = snapshot;
        this.heartbeat = tracking.heartbeat();
    }

    @Operation(
            operationId = "followLiveMap",
            summary = "The live map: riders and open deliveries (Server-Sent Events)",
            description = """
      text/event-stream. First a `snapshot` event {riders: [{riderId, name, sandbox, shift: ON|OFF, active, \
      maxActive, lat, lng, recordedAt}], deliveries: [{dispatchId, status, riderId, pickup: {lat, lng} | null, \
      dropoff: {lat, lng} | null, createdAt}]} (riders by name; the newest 500 deliveries not DELIVERED, FAILED \
      or CANCELLED; a rider's lat, lng and recordedAt are null before its first position), then a `rider` event \
      {riderId, lat, lng, recordedAt} for each position reported and a `delivery` event {dispatchId, status, \
      riderId, pickup, dropoff, occurredAt} for each status change (riderId on ASSIGNED only; pickup and dropoff \
      on a creation only). A `:heartbeat` comment every dispatch.tracking.heartbeat (15 s). A stream further \
      than 512 changes behind its reader ends: reconnect for a new snapshot. At most 50 streams per instance: \
      one more answers 429 RATE_LIMITED with Retry-After.""")
    @GetMapping(path = "/api/v1/admin/live/stream", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public Flux<ServerSentEvent<Object>> stream(OperatorPrincipal operator, ServerHttpResponse response) {
        if (open.incrementAndGet() > MAX_STREAMS) {
            open.decrementAndGet();
            response.getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(RETRY_AFTER_SECONDS));
            return Flux.error(new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "At most " + MAX_STREAMS + " live streams may be open at once on this instance; retry in "
                            + RETRY_AFTER_SECONDS + " s",
                    Map.of("limit", MAX_STREAMS, "retryAfterSeconds", RETRY_AFTER_SECONDS)));
        }
        LiveBoard.Watcher watcher = board.watch();
        // the watcher is registered before the snapshot is read: a change committed meanwhile is in one or the other
        Flux<ServerSentEvent<Object>> events = Flux.concat(
                Blocking.call(snapshot::read).map(read -> event("snapshot", read)),
                watcher.changes().map(LiveStreamController::event));
        Flux<ServerSentEvent<Object>> heartbeats = Flux.interval(heartbeat)
                .onBackpressureDrop()
                .map(tick ->
                        ServerSentEvent.<Object>builder().comment("heartbeat").build());
        return Flux.merge(events, heartbeats)
                .onErrorResume(LiveBoard.FellBehind.class, behind -> Flux.empty())
                .doFinally(signal -> {
                    board.leave(watcher);
                    open.decrementAndGet();
                });
    }

    /** Streams open on this instance now. */
    public int openStreams() {
        return open.get();
    }

    private static ServerSentEvent<Object> event(LiveBoard.Change change) {
        return switch (change) {
            case LiveBoard.RiderMoved moved -> event("rider", moved);
            case LiveBoard.DeliveryChanged changed -> event("delivery", changed);
        };
    }

    private static ServerSentEvent<Object> event(String name, Object data) {
        return ServerSentEvent.<Object>builder(data).event(name).build();
    }
}
