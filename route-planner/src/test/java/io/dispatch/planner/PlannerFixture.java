package io.dispatch.planner;

import java.util.List;

/** Small problems for the planner's tests: locations on a line, jobs with or without windows, routes timed. */
final class PlannerFixture {

    private PlannerFixture() {}

    /** Locations on a line at these x, time equal to distance. */
    static Travel line(double... x) {
        return Travel.euclidean(x, new double[x.length]);
    }

    static PlanJob job(String id, int from, int to, int demand) {
        return new PlanJob(id, from, to, demand, TimeWindow.ANY, TimeWindow.ANY, 0, 0);
    }

    static PlanJob job(String id, int from, int to, int demand, TimeWindow pickup, TimeWindow drop) {
        return new PlanJob(id, from, to, demand, pickup, drop, 0, 0);
    }

    static PlannedRoute route(PlanProblem problem, String vehicleId, StopRef... stops) {
        PlanVehicle vehicle = problem.vehicles().stream()
                .filter(v -> v.id().equals(vehicleId))
                .findFirst()
                .orElseThrow();
        return Schedules.time(problem, vehicle, List.of(stops));
    }

    static List<StopRef> refs(PlannedRoute route) {
        return route.stops().stream().map(s -> new StopRef(s.jobId(), s.kind())).toList();
    }
}
