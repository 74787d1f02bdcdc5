package io.dispatch.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulesTest {

    private static final Travel LINE = PlannerFixture.line(0, 10, 20, 30);

    @Test
    void times_wait_for_ready_and_add_service_and_the_return() {
        PlanVehicle v = new PlanVehicle("v", 0, 5, 0, 3, List.of(), List.of(), null, 1000);
        PlanProblem problem = new PlanProblem(
                List.of(v),
                List.of(new PlanJob("a", 1, 2, 1, new TimeWindow(30, 60), new TimeWindow(0, 100), 4, 2)),
                LINE,
                Objective.FEWEST_VEHICLES);
        List<StopRef> stops = List.of(StopRef.pickup("a"), StopRef.dropoff("a"));

        PlannedRoute route = Schedules.time(problem, v, stops);
        RouteCheck check = Schedules.check(problem, v, stops);

        assertThat(route.stops())
                .containsExactly(
                        new PlannedStop("a", StopKind.PICKUP, 1, 15, 30),
                        new PlannedStop("a", StopKind.DROPOFF, 2, 44, 44));
        assertThat(check.feasible()).isTrue();
        assertThat(check.distance()).isEqualTo(40.0);
        // leaves at 5, back at 46 + 20
        assertThat(check.duration()).isEqualTo(61.0);
        assertThat(check.cost()).isEqualTo(40.0);
    }

    @Test
    void check_names_every_broken_rule() {
        PlanVehicle v = new PlanVehicle(
                "v", 0, 0, 0, 1, List.of("held"), List.of(), new PlanVehicle.FixedStop("held", StopKind.DROPOFF), 15);
        PlanVehicle other = new PlanVehicle("w", 0, 0, -1, 1, List.of(), List.of("theirs"), null);
        PlanProblem problem = new PlanProblem(
                List.of(v, other),
                List.of(
                        new PlanJob("held", 0, 3, 1, TimeWindow.ANY, TimeWindow.ANY, 0, 0),
                        new PlanJob("a", 1, 2, 1, TimeWindow.ANY, new TimeWindow(0, 5), 0, 0),
                        new PlanJob("theirs", 1, 2, 1, TimeWindow.ANY, TimeWindow.ANY, 0, 0)),
                LINE,
                Objective.FEWEST_VEHICLES);

        RouteCheck check = Schedules.check(
                problem,
                v,
                List.of(
                        StopRef.dropoff("a"),
                        StopRef.pickup("a"),
                        StopRef.pickup("held"),
                        StopRef.dropoff("held"),
                        StopRef.pickup("theirs"),
                        StopRef.dropoff("theirs")));

        assertThat(check.feasible()).isFalse();
        assertThat(check.violations())
                .contains(
                        "drop-off of a before its pickup on v",
                        "held is on board: no pickup to plan",
                        "theirs is fixed on another vehicle than v",
                        "stop in progress is not first on v",
                        "late DROPOFF of a on v",
                        "returns after endBy: v")
                .anyMatch(s -> s.startsWith("over capacity"));
    }

    @Test
    void under_least_time_lateness_is_paid_not_forbidden() {
        PlanVehicle v = PlanVehicle.free("v", 0, 0, -1, 1);
        PlanProblem problem = new PlanProblem(
                List.of(v),
                List.of(new PlanJob("a", 1, 2, 1, TimeWindow.ANY, new TimeWindow(0, 15), 0, 0)),
                LINE,
                Objective.LEAST_TIME);

        RouteCheck check = Schedules.check(problem, v, List.of(StopRef.pickup("a"), StopRef.dropoff("a")));

        assertThat(check.feasible()).isTrue();
        assertThat(check.lateness()).isEqualTo(5.0);
        assertThat(check.cost())
                .isEqualTo(
                        20 + Schedules.DRIVE_WEIGHT * 20 + Schedules.DROPOFF_WEIGHT * 20 + Schedules.LATE_WEIGHT * 5);
    }

    @Test
    void score_counts_missing_and_doubled_jobs_and_vehicles() {
        PlanVehicle v = PlanVehicle.free("v", 0, 0, -1, 2);
        PlanProblem problem = new PlanProblem(
                List.of(v),
                List.of(
                        new PlanJob("a", 1, 2, 1, TimeWindow.ANY, TimeWindow.ANY, 0, 0),
                        new PlanJob("b", 1, 2, 1, TimeWindow.ANY, TimeWindow.ANY, 0, 0)),
                LINE,
                Objective.FEWEST_VEHICLES);
        PlannedRoute route = Schedules.time(problem, v, List.of(StopRef.pickup("a"), StopRef.dropoff("a")));

        Score good = Schedules.score(problem, new PlanSolution(List.of(route), List.of("b")));
        Score missing = Schedules.score(problem, new PlanSolution(List.of(route), List.of()));

        assertThat(good).isEqualTo(new Score(Objective.FEWEST_VEHICLES, 0, 1, 1, 20));
        assertThat(missing.violations()).isEqualTo(1);
        assertThat(good.betterThan(missing)).isTrue();
    }
}
