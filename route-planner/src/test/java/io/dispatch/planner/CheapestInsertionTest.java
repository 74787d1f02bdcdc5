package io.dispatch.planner;

import static io.dispatch.planner.PlannerFixture.job;
import static io.dispatch.planner.PlannerFixture.line;
import static io.dispatch.planner.PlannerFixture.refs;
import static io.dispatch.planner.PlannerFixture.route;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Cheapest insertion's rules: nearest place, pickup first, capacity, windows, vehicles in use first. */
class CheapestInsertionTest {

    @Test
    void a_job_goes_to_the_nearest_rider_pickup_before_drop_off_with_times() {
        Travel travel = line(0, 100, 10, 20);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("far", 1, 0, -1, 5), PlanVehicle.free("near", 0, 0, -1, 5)),
                List.of(new PlanJob("a", 2, 3, 1, new TimeWindow(15, 100), TimeWindow.ANY, 2, 3)),
                travel,
                Objective.LEAST_TIME);

        Inserted inserted = CheapestInsertion.insert(problem, new PlanSolution(List.of(), List.of("a")), "a")
                .orElseThrow();

        assertThat(inserted.vehicleId()).isEqualTo("near");
        assertThat(inserted.solution().unassigned()).isEmpty();
        PlannedRoute route = inserted.solution().routes().getFirst();
        assertThat(route.stops())
                .containsExactly(
                        new PlannedStop("a", StopKind.PICKUP, 2, 10, 15),
                        new PlannedStop("a", StopKind.DROPOFF, 3, 27, 27));
        // route time: leaves at 0, served at 30 (27 + 3 service); 20 s driven; the drop-off served at 27
        assertThat(inserted.addedCost()).isEqualTo(30 + Schedules.DRIVE_WEIGHT * 20 + Schedules.DROPOFF_WEIGHT * 27);
    }

    @Test
    void of_two_riders_who_would_both_wait_for_the_food_the_nearer_one_gets_it() {
        // both reach the pickup long before it is ready, so the route times are equal: the driving decides
        Travel travel = line(0, 90, 100, 110);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("far", 0, 0, -1, 5), PlanVehicle.free("near", 1, 0, -1, 5)),
                List.of(new PlanJob("a", 2, 3, 1, new TimeWindow(500, Double.POSITIVE_INFINITY), TimeWindow.ANY, 0, 0)),
                travel,
                Objective.LEAST_TIME);

        Inserted inserted = CheapestInsertion.insert(problem, new PlanSolution(List.of(), List.of("a")), "a")
                .orElseThrow();

        assertThat(inserted.vehicleId()).isEqualTo("near");
    }

    @Test
    void capacity_keeps_two_parcels_from_overlapping() {
        Travel travel = line(0, 10, 20, 11, 21);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("r", 0, 0, -1, 1)),
                List.of(job("a", 1, 2, 1), job("b", 3, 4, 1)),
                travel,
                Objective.LEAST_TIME);
        PlanSolution current =
                new PlanSolution(List.of(route(problem, "r", StopRef.pickup("a"), StopRef.dropoff("a"))), List.of("b"));

        Inserted inserted = CheapestInsertion.insert(problem, current, "b").orElseThrow();

        List<StopRef> stops = refs(inserted.solution().routes().getFirst());
        assertThat(stops)
                .containsExactly(StopRef.pickup("a"), StopRef.dropoff("a"), StopRef.pickup("b"), StopRef.dropoff("b"));
        assertThat(Schedules.check(problem, problem.vehicles().getFirst(), stops)
                        .feasible())
                .isTrue();
    }

    @Test
    void with_room_for_both_the_parcels_ride_together() {
        Travel travel = line(0, 10, 20, 11, 21);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("r", 0, 0, -1, 2)),
                List.of(job("a", 1, 2, 1), job("b", 3, 4, 1)),
                travel,
                Objective.LEAST_TIME);
        PlanSolution current =
                new PlanSolution(List.of(route(problem, "r", StopRef.pickup("a"), StopRef.dropoff("a"))), List.of("b"));

        Inserted inserted = CheapestInsertion.insert(problem, current, "b").orElseThrow();

        assertThat(refs(inserted.solution().routes().getFirst()))
                .containsExactly(StopRef.pickup("a"), StopRef.pickup("b"), StopRef.dropoff("a"), StopRef.dropoff("b"));
        // 21 instead of 20 of route and of driving; b's drop-off served at 21
        assertThat(inserted.addedCost()).isEqualTo(1 + Schedules.DRIVE_WEIGHT * 1 + Schedules.DROPOFF_WEIGHT * 21);
    }

    @Test
    void a_job_too_big_for_every_vehicle_is_not_inserted() {
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("r", 0, 0, -1, 2)),
                List.of(job("a", 1, 2, 3)),
                line(0, 1, 2),
                Objective.LEAST_TIME);

        assertThat(CheapestInsertion.insert(problem, new PlanSolution(List.of(), List.of("a")), "a"))
                .isEmpty();
    }

    @Test
    void hard_windows_refuse_a_late_job_and_soft_windows_take_it_paying_lateness() {
        Travel travel = line(0, 50, 60);
        PlanJob late = job("a", 1, 2, 1, TimeWindow.ANY, new TimeWindow(0, 40));
        PlanVehicle rider = PlanVehicle.free("r", 0, 0, -1, 5);

        PlanProblem hard = new PlanProblem(List.of(rider), List.of(late), travel, Objective.FEWEST_VEHICLES);
        assertThat(CheapestInsertion.insert(hard, new PlanSolution(List.of(), List.of("a")), "a"))
                .isEmpty();

        PlanProblem soft = new PlanProblem(List.of(rider), List.of(late), travel, Objective.LEAST_TIME);
        Inserted inserted = CheapestInsertion.insert(soft, new PlanSolution(List.of(), List.of("a")), "a")
                .orElseThrow();
        // 60 s of route, 20 s late at the drop-off
        assertThat(inserted.addedCost())
                .isEqualTo(
                        60 + Schedules.DRIVE_WEIGHT * 60 + Schedules.DROPOFF_WEIGHT * 60 + Schedules.LATE_WEIGHT * 20);
    }

    @Test
    void a_new_job_does_not_make_a_planned_stop_miss_its_hard_window() {
        Travel travel = line(0, 10, 20, 5, 6);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("r1", 0, 0, -1, 5), PlanVehicle.free("r2", 0, 0, -1, 5)),
                List.of(job("a", 1, 2, 1, TimeWindow.ANY, new TimeWindow(0, 19)), job("b", 3, 4, 1)),
                travel,
                Objective.FEWEST_VEHICLES);
        PlanSolution current = new PlanSolution(
                List.of(route(problem, "r1", StopRef.pickup("a"), StopRef.dropoff("a"))), List.of("b"));

        Inserted inserted = CheapestInsertion.insert(problem, current, "b").orElseThrow();

        // before a on r1 would be on the way (5, 6 then 10, 20) but a's drop-off would start at 20 > 19
        PlannedRoute r1 = inserted.solution().routes().stream()
                .filter(r -> r.vehicleId().equals("r1"))
                .findFirst()
                .orElseThrow();
        assertThat(inserted.vehicleId()).isEqualTo("r1");
        assertThat(refs(r1))
                .containsExactly(StopRef.pickup("a"), StopRef.dropoff("a"), StopRef.pickup("b"), StopRef.dropoff("b"));
    }

    @Test
    void fewest_vehicles_prefers_a_rider_in_use_to_an_unused_one() {
        Travel travel = line(0, 10, 20, 1, 2, 100);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("busy", 5, 0, -1, 5), PlanVehicle.free("idle", 0, 0, -1, 5)),
                List.of(job("a", 1, 2, 1), job("b", 3, 4, 1)),
                travel,
                Objective.FEWEST_VEHICLES);
        PlanSolution current = new PlanSolution(
                List.of(route(problem, "busy", StopRef.pickup("a"), StopRef.dropoff("a"))), List.of("b"));

        Inserted inserted = CheapestInsertion.insert(problem, current, "b").orElseThrow();

        assertThat(inserted.vehicleId()).isEqualTo("busy");
        assertThat(inserted.solution().routes()).hasSize(1);
    }
}
