package io.dispatch.query.rider;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.Stop;
import io.dispatch.query.dispatch.DispatchRows;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * The stops still ahead of a rider (decisions.md §15): of every delivery the rider holds, the
 * pickup while it is ASSIGNED and the drop-off until it is delivered, each at the time the route
 * planner gave it (the delivery's {@code estimatedPickupAt} or {@code estimatedDeliveryAt}). The
 * rider holds these deliveries, so the addresses are shown as §13 allows the holder; no customer
 * name, phone or notes here (the delivery's own read has them), never the PIN or tracking link.
 */
@Schema(name = "RiderRoute", description = """
    The stops still ahead of the rider, in the order the route planner planned them: plannedAt ascending, then \
    the stops without a planned time (no plan, or a dispatching mode without routes) by when their delivery was \
    assigned. Every field is always present, null when it has no value.""")
public record RiderRoute(
        @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid")
        UUID riderId,

        @Schema(
                requiredMode = RequiredMode.REQUIRED,
                nullable = true,
                description = "When the latest plan of these deliveries was made (null: none was planned)")
        Instant updatedAt,

        @Schema(requiredMode = RequiredMode.REQUIRED) List<RouteStop> stops) {

    public enum Kind {
        PICKUP,
        DROPOFF
    }

    @Schema(name = "RouteStop", description = """
      One stop: the pickup of a delivery the rider has still to collect (ASSIGNED), or the drop-off of one the rider \
      holds (ASSIGNED, PICKED_UP, IN_TRANSIT). lat and lng are null when the merchant gave only an address.""")
    public record RouteStop(
            @Schema(requiredMode = RequiredMode.REQUIRED, format = "uuid")
            UUID dispatchId,

            @Schema(requiredMode = RequiredMode.REQUIRED) Kind kind,

            @Schema(requiredMode = RequiredMode.REQUIRED, example = "Kenyatta Ave 1, Nairobi")
            String address,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, example = "-1.2841")
            Double lat,

            @Schema(requiredMode = RequiredMode.REQUIRED, nullable = true, example = "36.8219")
            Double lng,

            @Schema(
                    requiredMode = RequiredMode.REQUIRED,
                    nullable = true,
                    description = "When the rider is planned to be there (null: not planned). For a PICKUP, when the"
                            + " rider is planned to start it: when the food is ready, or when the rider can be there if"
                            + " later. The planner counts on the rider arriving then, not earlier, so the rider stays"
                            + " free until it is time to set off")
            Instant plannedAt) {

        static RouteStop of(UUID dispatchId, Kind kind, Stop stop, Instant plannedAt) {
            boolean located = stop.hasCoordinates();
            return new RouteStop(
                    dispatchId,
                    kind,
                    stop.address(),
                    located ? stop.lat() : null,
                    located ? stop.lng() : null,
                    plannedAt);
        }
    }

    /** A stop and what orders it among the stops without a planned time. */
    private record Ordered(RouteStop stop, Instant assignedAt) {}

    private static final Comparator<Ordered> ORDER = Comparator.<Ordered, Instant>comparing(
                    o -> o.stop().plannedAt(), Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(Ordered::assignedAt, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(o -> o.stop().dispatchId())
            // a delivery's pickup comes before its drop-off
            .thenComparing(o -> o.stop().kind());

    /** The route of {@code riderId} from the deliveries it holds (in any order). */
    static RiderRoute of(UUID riderId, List<DispatchRows.Held> held) {
        List<Ordered> stops = new ArrayList<>();
        Instant updatedAt = null;
        for (DispatchRows.Held delivery : held) {
            var view = delivery.view();
            if (view.status() == DispatchStatus.ASSIGNED) {
                stops.add(new Ordered(
                        RouteStop.of(
                                view.dispatchId(), Kind.PICKUP, view.order().pickup(), view.estimatedPickupAt()),
                        delivery.assignedAt()));
            }
            stops.add(new Ordered(
                    RouteStop.of(view.dispatchId(), Kind.DROPOFF, view.order().dropoff(), view.estimatedDeliveryAt()),
                    delivery.assignedAt()));
            if (delivery.plannedAt() != null
                    && (updatedAt == null || delivery.plannedAt().isAfter(updatedAt))) {
                updatedAt = delivery.plannedAt();
            }
        }
        stops.sort(ORDER);
        return new RiderRoute(
                riderId, updatedAt, stops.stream().map(Ordered::stop).toList());
    }
}
