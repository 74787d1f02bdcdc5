package io.dispatch.planner;

import java.util.List;

/** One vehicle's stops in order, with planned times. An unused vehicle has no stops. */
public record PlannedRoute(String vehicleId, List<PlannedStop> stops) {

    public PlannedRoute {
        stops = List.copyOf(stops);
    }
}
