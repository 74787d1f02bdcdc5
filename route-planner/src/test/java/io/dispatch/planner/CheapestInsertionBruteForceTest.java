package io.dispatch.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Cheapest insertion against trying every vehicle and position pair on random small states. */
class CheapestInsertionBruteForceTest {

    @Test
    void the_insertion_is_the_cheapest_of_all_positions_on_random_states() {
        Random random = new Random(34);
        for (Objective objective : Objective.values()) {
            for (int round = 0; round < 150; round++) {
                int locations = 40;
                double[] x = new double[locations];
                double[] y = new double[locations];
                for (int i = 0; i < locations; i++) {
                    x[i] = random.nextDouble() * 100;
                    y[i] = random.nextDouble() * 100;
                }
                List<PlanJob> jobs = new ArrayList<>();
                for (int j = 0; j < 8; j++) {
                    double ready = random.nextDouble() * 150;
                    jobs.add(new PlanJob(
                            "j" + j,
                            2 + random.nextInt(locations - 2),
                            2 + random.nextInt(locations - 2),
                            1 + random.nextInt(2),
                            new TimeWindow(ready, ready + 60 + random.nextDouble() * 200),
                            new TimeWindow(0, ready + 150 + random.nextDouble() * 300),
                            random.nextInt(5),
                            random.nextInt(5)));
                }
                PlanVehicle v0 = new PlanVehicle("v0", 0, 0, 0, 3, List.of(), List.of(), null, 700);
                PlanVehicle v1 =
                        new PlanVehicle("v1", 1, 10, -1, 4, List.of(), List.of(), null, Double.POSITIVE_INFINITY);
                PlanProblem problem = new PlanProblem(List.of(v0, v1), jobs, Travel.euclidean(x, y), objective);
                // build a state by inserting the first jobs, then check the last one against brute force
                PlanSolution state = new PlanSolution(
                        List.of(), jobs.stream().map(PlanJob::id).toList());
                for (int j = 0; j < 7; j++) {
                    Optional<Inserted> next = CheapestInsertion.insert(problem, state, "j" + j);
                    if (next.isPresent()) {
                        state = next.get().solution();
                    }
                }
                Optional<Inserted> got = CheapestInsertion.insert(problem, state, "j7");
                double brute = bruteForce(problem, state, "j7");
                if (brute == Double.POSITIVE_INFINITY) {
                    assertThat(got).as("round %d %s", round, objective).isEmpty();
                } else {
                    assertThat(got).as("round %d %s", round, objective).isPresent();
                    assertThat(got.get().addedCost())
                            .as("round %d %s", round, objective)
                            .isCloseTo(brute, org.assertj.core.api.Assertions.within(1e-6));
                    assertThat(Schedules.score(problem, got.get().solution()).violations())
                            .isZero();
                }
            }
        }
    }

    /** The least added cost over every vehicle and position pair, by timing each candidate route from scratch. */
    private static double bruteForce(PlanProblem problem, PlanSolution state, String jobId) {
        double best = Double.POSITIVE_INFINITY;
        boolean bestOpens = true;
        for (PlanVehicle vehicle : problem.vehicles()) {
            List<StopRef> stops = state.routes().stream()
                    .filter(r -> r.vehicleId().equals(vehicle.id()))
                    .findFirst()
                    .map(PlannerFixture::refs)
                    .orElse(List.of());
            double before = Schedules.check(problem, vehicle, stops).cost();
            boolean opens = stops.isEmpty() && problem.objective() == Objective.FEWEST_VEHICLES;
            for (int i = 0; i <= stops.size(); i++) {
                for (int j = i; j <= stops.size(); j++) {
                    List<StopRef> candidate = new ArrayList<>(stops);
                    candidate.add(j, StopRef.dropoff(jobId));
                    candidate.add(i, StopRef.pickup(jobId));
                    RouteCheck check = Schedules.check(problem, vehicle, candidate);
                    if (!check.feasible()) {
                        continue;
                    }
                    double added = check.cost() - before;
                    if (best == Double.POSITIVE_INFINITY
                            || (bestOpens && !opens)
                            || (opens == bestOpens && added < best)) {
                        best = added;
                        bestOpens = opens;
                    }
                }
            }
        }
        return best;
    }
}
