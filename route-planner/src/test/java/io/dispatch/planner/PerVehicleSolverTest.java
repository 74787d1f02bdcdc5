package io.dispatch.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PerVehicleSolverTest {

    /** The inner solver, recording the problems it is given. */
    private static final class Recording implements RouteSolver {
        final List<PlanProblem> seen = new ArrayList<>();

        @Override
        public PlanSolution solve(PlanProblem problem, PlanSolution start, SolveBudget budget) {
            seen.add(problem);
            return new AlnsSolver().solve(problem, start, budget);
        }
    }

    /** AlnsSolverTest's live problem after cheapest insertion, with every job pinned to the rider that holds it. */
    private static PlanProblem pinnedState(PlanSolution[] state) {
        PlanProblem free = AlnsSolverTest.live(9);
        PlannedRoute r0 = Schedules.time(
                free,
                free.vehicles().getFirst(),
                List.of(StopRef.pickup("j1"), StopRef.dropoff("j0"), StopRef.dropoff("j1")));
        PlanSolution solution = new PlanSolution(
                List.of(r0), free.jobs().stream().map(PlanJob::id).skip(2).toList());
        for (PlanJob job : free.jobs().subList(2, free.jobs().size())) {
            solution = CheapestInsertion.insert(free, solution, job.id())
                    .orElseThrow()
                    .solution();
        }
        Map<String, List<String>> held = new HashMap<>();
        for (PlannedRoute route : solution.routes()) {
            for (PlannedStop stop : route.stops()) {
                List<String> jobs = held.computeIfAbsent(route.vehicleId(), id -> new ArrayList<>());
                if (!jobs.contains(stop.jobId())) {
                    jobs.add(stop.jobId());
                }
            }
        }
        List<PlanVehicle> vehicles = new ArrayList<>();
        for (PlanVehicle vehicle : free.vehicles()) {
            List<String> pinned = new ArrayList<>(held.getOrDefault(vehicle.id(), List.of()));
            pinned.removeAll(vehicle.onBoard());
            vehicles.add(new PlanVehicle(
                    vehicle.id(),
                    vehicle.start(),
                    vehicle.startTime(),
                    vehicle.end(),
                    vehicle.capacity(),
                    vehicle.onBoard(),
                    pinned,
                    vehicle.firstStop()));
        }
        PlanProblem pinned = new PlanProblem(vehicles, free.jobs(), free.travel(), free.objective());
        List<PlannedRoute> timed = new ArrayList<>();
        for (PlannedRoute route : solution.routes()) {
            PlanVehicle vehicle = vehicles.stream()
                    .filter(v -> v.id().equals(route.vehicleId()))
                    .findFirst()
                    .orElseThrow();
            timed.add(Schedules.time(
                    pinned,
                    vehicle,
                    route.stops().stream()
                            .map(stop -> new StopRef(stop.jobId(), stop.kind()))
                            .toList()));
        }
        state[0] = new PlanSolution(timed, List.of());
        return pinned;
    }

    @Test
    void with_every_job_fixed_each_route_is_improved_alone_and_keeps_its_jobs() {
        PlanSolution[] start = new PlanSolution[1];
        PlanProblem problem = pinnedState(start);
        Recording inner = new Recording();

        PlanSolution improved = new PerVehicleSolver(inner).solve(problem, start[0], new SolveBudget(null, 600, 34));

        assertThat(inner.seen).hasSize(start[0].routes().size());
        for (int i = 0; i < inner.seen.size(); i++) {
            PlannedRoute before = start[0].routes().get(i);
            assertThat(inner.seen.get(i).vehicles())
                    .singleElement()
                    .satisfies(v -> assertThat(v.id()).isEqualTo(before.vehicleId()));
            PlannedRoute after = AlnsSolverTest.routeOf(improved, before.vehicleId());
            assertThat(after.stops())
                    .extracting(PlannedStop::jobId)
                    .containsExactlyInAnyOrderElementsOf(
                            before.stops().stream().map(PlannedStop::jobId).toList());
        }
        Score given = Schedules.score(problem, start[0]);
        Score found = Schedules.score(problem, improved);
        assertThat(found.violations()).isZero();
        assertThat(found.compareTo(given)).isLessThanOrEqualTo(0);
    }

    @Test
    void a_job_free_to_move_sends_the_whole_problem_to_the_inner_solver() {
        PlanProblem free = AlnsSolverTest.live(9);
        Recording inner = new Recording();

        new PerVehicleSolver(inner).solve(free, null, new SolveBudget(null, 50, 34));

        assertThat(inner.seen).singleElement().isSameAs(free);
    }
}
