package io.dispatch.planner;

import static io.dispatch.planner.PlannerFixture.job;
import static io.dispatch.planner.PlannerFixture.line;
import static io.dispatch.planner.PlannerFixture.refs;
import static io.dispatch.planner.PlannerFixture.route;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Cheapest insertion honours what never moves: on-board parcels, pinned jobs, the stop in progress. */
class CheapestInsertionFixedPartsTest {

    @Test
    void an_on_board_parcel_takes_room_from_the_start_and_only_its_drop_off_is_planned() {
        Travel travel = line(0, 30, 1, 2);
        // r holds "held" (demand 2 of 2): the new job must wait until after held's drop-off at 30
        PlanVehicle r = new PlanVehicle("r", 0, 0, -1, 2, List.of("held"), List.of(), null);
        PlanProblem problem = new PlanProblem(
                List.of(r), List.of(job("held", 0, 1, 2), job("b", 2, 3, 1)), travel, Objective.LEAST_TIME);
        PlanSolution current = new PlanSolution(List.of(route(problem, "r", StopRef.dropoff("held"))), List.of("b"));

        Inserted inserted = CheapestInsertion.insert(problem, current, "b").orElseThrow();

        assertThat(refs(inserted.solution().routes().getFirst()))
                .containsExactly(StopRef.dropoff("held"), StopRef.pickup("b"), StopRef.dropoff("b"));
    }

    @Test
    void an_on_board_job_goes_back_to_its_own_vehicle_by_drop_off_only() {
        Travel travel = line(0, 100, 1);
        PlanVehicle holder = new PlanVehicle("holder", 1, 0, -1, 2, List.of("held"), List.of(), null);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("near", 0, 0, -1, 2), holder),
                List.of(job("held", 0, 2, 1)),
                travel,
                Objective.LEAST_TIME);

        Inserted inserted = CheapestInsertion.insert(problem, new PlanSolution(List.of(), List.of("held")), "held")
                .orElseThrow();

        assertThat(inserted.vehicleId()).isEqualTo("holder");
        assertThat(refs(inserted.solution().routes().getFirst())).containsExactly(StopRef.dropoff("held"));
    }

    @Test
    void a_pinned_job_stays_with_its_rider_even_when_another_is_nearer() {
        Travel travel = line(0, 100, 1, 2);
        PlanVehicle operatorsChoice = new PlanVehicle("chosen", 1, 0, -1, 2, List.of(), List.of("a"), null);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("near", 0, 0, -1, 2), operatorsChoice),
                List.of(job("a", 2, 3, 1)),
                travel,
                Objective.LEAST_TIME);

        Inserted inserted = CheapestInsertion.insert(problem, new PlanSolution(List.of(), List.of("a")), "a")
                .orElseThrow();

        assertThat(inserted.vehicleId()).isEqualTo("chosen");
    }

    @Test
    void nothing_goes_before_the_stop_in_progress() {
        // the rider is at 0 serving a's pickup at 50; b (at 0 -> 1) would be cheapest first
        Travel travel = line(50, 60, 0, 1);
        PlanVehicle r = new PlanVehicle(
                "r", 0, 0, -1, 5, List.of(), List.of(), new PlanVehicle.FixedStop("a", StopKind.PICKUP));
        PlanProblem problem = new PlanProblem(
                List.of(r), List.of(job("a", 0, 1, 1), job("b", 2, 3, 1)), travel, Objective.LEAST_TIME);
        PlanSolution current =
                new PlanSolution(List.of(route(problem, "r", StopRef.pickup("a"), StopRef.dropoff("a"))), List.of("b"));

        Inserted inserted = CheapestInsertion.insert(problem, current, "b").orElseThrow();

        assertThat(refs(inserted.solution().routes().getFirst()).getFirst()).isEqualTo(StopRef.pickup("a"));
    }
}
