package io.dispatch.planner;

import static io.dispatch.planner.PlannerFixture.job;
import static io.dispatch.planner.PlannerFixture.line;
import static io.dispatch.planner.PlannerFixture.route;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Live routes on a line: rider a starts at 0 and holds "far" (picked up at 990, dropped at 1010) and "near" (10 to
 * 20); rider b starts at 1000 with nothing. "far" belongs on b's route.
 */
class RelocationTest {

    private static final SolveBudget BUDGET = new SolveBudget(null, 200, 1);

    private static PlanProblem problem(List<String> pinnedOnA, PlanVehicle.FixedStop firstOfA) {
        Travel travel = line(0, 1000, 990, 1010, 10, 20);
        PlanVehicle a = new PlanVehicle("a", 0, 0, -1, 3, List.of(), pinnedOnA, firstOfA);
        PlanVehicle b = new PlanVehicle("b", 1, 0, -1, 3, List.of(), List.of(), null);
        return new PlanProblem(
                List.of(a, b), List.of(job("far", 2, 3, 1), job("near", 4, 5, 1)), travel, Objective.LEAST_TIME);
    }

    private static PlanSolution aHoldsBoth(PlanProblem problem) {
        PlannedRoute route = route(
                problem,
                "a",
                StopRef.pickup("far"),
                StopRef.dropoff("far"),
                StopRef.pickup("near"),
                StopRef.dropoff("near"));
        return new PlanSolution(List.of(route), List.of());
    }

    private static Map<String, String> vehicleOfJobs(PlanSolution solution) {
        return solution.routes().stream()
                .flatMap(route -> route.stops().stream().map(stop -> Map.entry(stop.jobId(), route.vehicleId())))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (x, y) -> x));
    }

    @Test
    void a_job_that_is_not_fixed_moves_to_the_route_where_it_costs_least_and_the_fixed_one_stays() {
        PlanProblem problem = problem(List.of("near"), null);
        PlanSolution start = aHoldsBoth(problem);

        PlanSolution better = RouteSolvers.live().solve(problem, start, BUDGET);

        assertThat(vehicleOfJobs(better)).containsEntry("far", "b").containsEntry("near", "a");
        assertThat(Schedules.score(problem, better).cost())
                .isLessThan(Schedules.score(problem, start).cost() - RouteSolvers.RELOCATION_MARGIN_SECONDS);
    }

    @Test
    void a_pinned_job_and_a_stop_in_progress_stay_on_their_route() {
        PlanProblem pinned = problem(List.of("far", "near"), null);
        assertThat(vehicleOfJobs(RouteSolvers.live().solve(pinned, aHoldsBoth(pinned), BUDGET)))
                .containsEntry("far", "a");

        PlanProblem inProgress = problem(List.of("near"), new PlanVehicle.FixedStop("far", StopKind.PICKUP));
        PlanSolution better = RouteSolvers.live().solve(inProgress, aHoldsBoth(inProgress), BUDGET);
        assertThat(vehicleOfJobs(better)).containsEntry("far", "a");
        assertThat(better.routes().getFirst().stops().getFirst().jobId()).isEqualTo("far");
    }

    @Test
    void a_move_that_saves_no_more_than_the_margin_is_not_made() {
        PlanProblem problem = problem(List.of("near"), null);
        PlanSolution start = aHoldsBoth(problem);
        double saving = Schedules.score(problem, start).cost()
                - Schedules.score(
                                problem,
                                new Relocation(new PerVehicleSolver(new AlnsSolver()), 0).solve(problem, start, BUDGET))
                        .cost();

        PlanSolution kept =
                new Relocation(new PerVehicleSolver(new AlnsSolver()), saving + 1).solve(problem, start, BUDGET);

        assertThat(saving).isPositive();
        assertThat(vehicleOfJobs(kept)).containsEntry("far", "a");
    }
}
