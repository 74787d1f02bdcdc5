package io.dispatch.planner.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.planner.AlnsSolver;
import io.dispatch.planner.Objective;
import io.dispatch.planner.PlanProblem;
import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.Schedules;
import io.dispatch.planner.SolveBudget;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LiLimTest {

    static LiLim lc101() throws Exception {
        return LiLim.read(resource("lc101.txt"));
    }

    static Path resource(String name) throws URISyntaxException {
        return Path.of(LiLimTest.class.getResource("/li-lim/" + name).toURI());
    }

    @Test
    void reads_the_instance_and_makes_one_job_per_pickup() throws Exception {
        LiLim instance = lc101();

        assertThat(instance.name()).isEqualTo("lc101");
        assertThat(instance.vehicles()).isEqualTo(25);
        assertThat(instance.capacity()).isEqualTo(200);
        assertThat(instance.size()).isEqualTo(107);
        assertThat(instance.pickups()).hasSize(53);
        PlanProblem problem = instance.toProblem();
        assertThat(problem.jobs()).hasSize(53);
        assertThat(problem.vehicles()).hasSize(25);
        assertThat(problem.objective()).isEqualTo(Objective.FEWEST_VEHICLES);
        assertThat(problem.vehicles().getFirst().endBy()).isEqualTo(1236.0);
        // location 1 (45, 68) is a delivery of pickup 11
        assertThat(instance.pickupOf()[1]).isEqualTo(11);
        assertThat(problem.jobs().stream()
                        .filter(j -> j.id().equals("11"))
                        .findFirst()
                        .orElseThrow()
                        .dropoff())
                .isEqualTo(1);
    }

    @Test
    void the_solver_solves_lc101_validly_on_an_iteration_budget() throws Exception {
        LiLim instance = lc101();
        PlanProblem problem = instance.toProblem();

        PlanSolution solution = new AlnsSolver().solve(problem, null, new SolveBudget(null, 300, 34));

        assertThat(solution.unassigned()).isEmpty();
        LiLimCheck.Result check = LiLimCheck.check(instance, RouteBench.routes(solution));
        assertThat(check.errors()).isEmpty();
        assertThat(check.vehicles()).isLessThanOrEqualTo(instance.vehicles());
        assertThat(check.distance())
                .isCloseTo(Schedules.score(problem, solution).cost(), org.assertj.core.api.Assertions.within(1e-6));
    }

    @Test
    void the_solver_uses_no_more_vehicles_than_the_greedy_baseline() throws Exception {
        LiLim instance = lc101();
        PlanProblem problem = instance.toProblem();
        PlanSolution greedy = RouteBench.greedy(problem);

        PlanSolution solved = new AlnsSolver().solve(problem, greedy, new SolveBudget(null, 300, 34));

        assertThat(LiLimCheck.check(instance, RouteBench.routes(greedy)).errors())
                .isEmpty();
        assertThat(Schedules.score(problem, solved).compareTo(Schedules.score(problem, greedy)))
                .isLessThanOrEqualTo(0);
    }

    @Test
    void the_check_catches_what_a_solution_may_break() throws Exception {
        LiLim instance = lc101();
        PlanSolution solution = RouteBench.greedy(instance.toProblem());
        List<List<Integer>> routes = new ArrayList<>();
        for (List<Integer> route : RouteBench.routes(solution)) {
            routes.add(new ArrayList<>(route));
        }

        // a delivery before its pickup on the first route
        List<Integer> first = routes.getFirst();
        int pickupAt = 0;
        while (instance.deliveryOf()[first.get(pickupAt)] == 0) {
            pickupAt++;
        }
        int pickup = first.get(pickupAt);
        first.remove(Integer.valueOf(instance.deliveryOf()[pickup]));
        first.add(pickupAt, instance.deliveryOf()[pickup]);
        // one location dropped from the last route
        int lost = routes.getLast().removeLast();

        List<String> errors = LiLimCheck.check(instance, routes).errors();

        assertThat(errors).contains(lost + " served 0 times");
        assertThat(errors).anyMatch(e -> e.startsWith("delivery " + instance.deliveryOf()[pickup] + " not after"));
        assertThat(LiLimCheck.check(instance, List.of(List.of(1, 1))).errors())
                .anyMatch(e -> e.equals("1 served 2 times"))
                .anyMatch(e -> e.contains("load -"));
    }

    @Test
    void the_bench_line_says_vehicles_distance_seconds() throws Exception {
        RouteBench.Line line = RouteBench.run(resource("lc101.txt"), 0.2, 34, true);

        assertThat(line.reason()).isNull();
        assertThat(line.format()).matches("lc101 \\d+ \\d+\\.\\d{2} \\d+\\.\\d{2}");
        RouteBench.Line missing = RouteBench.run(Path.of("no-such-file.txt"), 0.2, 34, false);
        assertThat(missing.vehicles()).isZero();
        assertThat(missing.format()).startsWith("no-such-file 0 0.00").contains("failed:");
    }
}
