package io.dispatch.planner;

import java.util.List;
import java.util.Objects;

/** Vehicles, jobs and travel between their locations; job and vehicle ids are unique. */
public record PlanProblem(List<PlanVehicle> vehicles, List<PlanJob> jobs, Travel travel, Objective objective) {

    public PlanProblem {
        vehicles = List.copyOf(vehicles);
        jobs = List.copyOf(jobs);
        Objects.requireNonNull(travel, "travel");
        Objects.requireNonNull(objective, "objective");
    }
}
