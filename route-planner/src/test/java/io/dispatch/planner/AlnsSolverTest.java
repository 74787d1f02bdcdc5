package io.dispatch.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AlnsSolverTest {

    /**
     * A live-like problem: 6 riders, 30 parcels on a 5 km square at 5 m/s; rider 0 holds parcel 0 (on board) and is
     * serving parcel 1's pickup (in progress), rider 1 was given parcel 2 by an operator (pinned).
     */
    static PlanProblem live(long seed) {
        Random random = new Random(seed);
        int riders = 6;
        int jobs = 30;
        int locations = riders + 2 * jobs;
        double[] x = new double[locations];
        double[] y = new double[locations];
        for (int i = 0; i < locations; i++) {
            x[i] = random.nextDouble() * 5000;
            y[i] = random.nextDouble() * 5000;
        }
        double[][] time = new double[locations][locations];
        double[][] distance = new double[locations][locations];
        for (int a = 0; a < locations; a++) {
            for (int b = 0; b < locations; b++) {
                distance[a][b] = Math.hypot(x[a] - x[b], y[a] - y[b]);
                time[a][b] = distance[a][b] / 5;
            }
        }
        List<PlanJob> planJobs = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            double ready = random.nextDouble() * 1200;
            planJobs.add(new PlanJob(
                    "j" + j,
                    riders + 2 * j,
                    riders + 2 * j + 1,
                    1 + random.nextInt(2),
                    new TimeWindow(ready, ready + 900),
                    new TimeWindow(ready, ready + 2400),
                    60,
                    60));
        }
        List<PlanVehicle> vehicles = new ArrayList<>();
        vehicles.add(new PlanVehicle(
                "r0", 0, 0, -1, 6, List.of("j0"), List.of(), new PlanVehicle.FixedStop("j1", StopKind.PICKUP)));
        vehicles.add(new PlanVehicle("r1", 1, 0, -1, 6, List.of(), List.of("j2"), null));
        for (int r = 2; r < riders; r++) {
            vehicles.add(PlanVehicle.free("r" + r, r, 0, -1, 6));
        }
        return new PlanProblem(vehicles, planJobs, Travel.matrix(time, distance), Objective.LEAST_TIME);
    }

    static PlannedRoute routeOf(PlanSolution solution, String vehicleId) {
        return solution.routes().stream()
                .filter(r -> r.vehicleId().equals(vehicleId))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void the_fixed_parts_stay_fixed_and_every_job_is_planned() {
        PlanProblem problem = live(7);

        PlanSolution solution = new AlnsSolver().solve(problem, null, new SolveBudget(null, 400, 34));

        assertThat(Schedules.score(problem, solution).violations()).isZero();
        assertThat(solution.unassigned()).isEmpty();
        PlannedRoute r0 = routeOf(solution, "r0");
        assertThat(r0.stops().getFirst().jobId()).isEqualTo("j1");
        assertThat(r0.stops().getFirst().kind()).isEqualTo(StopKind.PICKUP);
        assertThat(r0.stops())
                .filteredOn(s -> s.jobId().equals("j0"))
                .extracting(PlannedStop::kind)
                .containsExactly(StopKind.DROPOFF);
        assertThat(routeOf(solution, "r1").stops())
                .filteredOn(s -> s.jobId().equals("j2"))
                .hasSize(2);
        for (PlannedRoute route : solution.routes()) {
            if (!route.vehicleId().equals("r0")) {
                assertThat(route.stops())
                        .noneMatch(s -> s.jobId().equals("j0") || s.jobId().equals("j1"));
            }
        }
    }

    @Test
    void the_same_seed_and_iterations_give_the_same_solution() {
        PlanProblem problem = live(8);
        SolveBudget budget = new SolveBudget(null, 300, 99);

        PlanSolution first = new AlnsSolver().solve(problem, null, budget);
        PlanSolution second = new AlnsSolver().solve(problem, null, budget);

        assertThat(second).isEqualTo(first);
    }

    @Test
    void it_improves_on_the_cheapest_insertion_and_never_returns_worse_than_its_start() {
        PlanProblem problem = live(9);
        // the live state: r0 serving j1's pickup with j0 on board, every other job inserted one by one
        PlannedRoute r0 = Schedules.time(
                problem,
                problem.vehicles().getFirst(),
                List.of(StopRef.pickup("j1"), StopRef.dropoff("j0"), StopRef.dropoff("j1")));
        PlanSolution state = new PlanSolution(
                List.of(r0), problem.jobs().stream().map(PlanJob::id).skip(2).toList());
        for (PlanJob job : problem.jobs().subList(2, problem.jobs().size())) {
            state = CheapestInsertion.insert(problem, state, job.id())
                    .orElseThrow()
                    .solution();
        }
        Score greedy = Schedules.score(problem, state);

        PlanSolution improved = new AlnsSolver().solve(problem, state, new SolveBudget(null, 300, 34));
        PlanSolution untouched = new AlnsSolver().solve(problem, state, new SolveBudget(null, 0, 34));

        assertThat(greedy.violations()).isZero();
        assertThat(Schedules.score(problem, improved).betterThan(greedy)).isTrue();
        assertThat(Schedules.score(problem, untouched).compareTo(greedy)).isLessThanOrEqualTo(0);
    }

    @Test
    void a_start_that_breaks_a_rule_is_repaired_not_returned() {
        PlanProblem problem = live(10);
        // j3 on r1 although j0 is on board r0 and not planned: the start misses jobs and breaks nothing else
        PlanVehicle r2 = problem.vehicles().get(2);
        PlannedRoute partial = Schedules.time(problem, r2, List.of(StopRef.dropoff("j3"), StopRef.pickup("j3")));
        PlanSolution start = new PlanSolution(List.of(partial), List.of());

        PlanSolution solution = new AlnsSolver().solve(problem, start, new SolveBudget(null, 50, 34));

        assertThat(Schedules.score(problem, start).violations()).isPositive();
        assertThat(Schedules.score(problem, solution).violations()).isZero();
        assertThat(solution.unassigned()).isEmpty();
    }

    @Test
    void a_job_no_vehicle_has_room_for_stays_unassigned() {
        Travel travel = PlannerFixture.line(0, 1, 2, 3, 4);
        PlanProblem problem = new PlanProblem(
                List.of(PlanVehicle.free("v", 0, 0, 0, 2)),
                List.of(
                        new PlanJob("fits", 1, 2, 2, TimeWindow.ANY, TimeWindow.ANY, 0, 0),
                        new PlanJob("too-big", 3, 4, 3, TimeWindow.ANY, TimeWindow.ANY, 0, 0)),
                travel,
                Objective.FEWEST_VEHICLES);

        PlanSolution solution = new AlnsSolver().solve(problem, null, new SolveBudget(null, 50, 34));

        assertThat(solution.unassigned()).containsExactly("too-big");
        assertThat(solution.routes()).hasSize(1);
    }
}
