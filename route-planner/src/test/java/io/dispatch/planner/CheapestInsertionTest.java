package io.dispatch.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CheapestInsertionTest {

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
        // route time: leaves at 0, served at 30 (27 + 3 service)
        assertThat(inserted.addedCost()).isEqualTo(30.0);
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
        // 21 instead of 20
        assertThat(inserted.addedCost()).isEqualTo(1.0);
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
        assertThat(inserted.addedCost()).isEqualTo(60 + Schedules.LATE_WEIGHT * 20);
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
                    .map(CheapestInsertionTest::refs)
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
