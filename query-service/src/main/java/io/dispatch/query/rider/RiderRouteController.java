package io.dispatch.query.rider;

import io.dispatch.query.dispatch.DispatchRows;
import io.dispatch.web.Envelope;
import io.dispatch.web.identity.RiderPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The calling rider's route (decisions.md §15): the stops of the deliveries the rider holds, in
 * the order and at the times the route planner gave them. Only the rider's own deliveries, so the
 * sandbox line (§13) holds by construction: a rider only ever holds its own side's.
 */
@Tag(name = "Rider")
@RestController
public class RiderRouteController {

    /** More than a rider may hold ({@code maxActive} is at most 20). */
    private static final int MAX_HELD = 100;

    private final DispatchRows rows;

    public RiderRouteController(DispatchRows rows) {
        this.rows = rows;
    }

    @Operation(summary = "The rider's route: the stops of the deliveries the rider holds", description = """
      {riderId, updatedAt, stops: [{dispatchId, kind, address, lat, lng, plannedAt}]}: for every delivery the \
      calling rider holds, its PICKUP while it is ASSIGNED and its DROPOFF while it is ASSIGNED, PICKED_UP or \
      IN_TRANSIT. plannedAt is the delivery's estimatedPickupAt (PICKUP) or estimatedDeliveryAt (DROPOFF), set by \
      the route planner in dispatching mode BATCHED; the stops are ordered by plannedAt, then those without one \
      by when their delivery was assigned (a delivery's pickup before its drop-off). updatedAt is when the latest \
      plan of these deliveries was made, null when none was planned. A rider holding nothing gets stops []. The \
      addresses are the ones the rider who holds a delivery sees; lat and lng are null when the merchant gave \
      only an address.""")
    @ApiResponse(
            responseCode = "200",
            description = "The route",
            content = @Content(schema = @Schema(implementation = RiderRouteResponse.class)))
    @GetMapping(path = "/api/v1/rider/route", produces = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> route(RiderPrincipal rider) {
        return rows.held(rider.riderId(), MAX_HELD)
                .collectList()
                .map(held -> Envelope.of(RiderRoute.of(rider.riderId(), held)));
    }

    @Schema(name = "RiderRouteResponse", description = "The rider's route, in the success envelope")
    public record RiderRouteResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Always true in this answer")
            boolean success,

            @Schema(requiredMode = RequiredMode.REQUIRED) RiderRoute data) {}
}
