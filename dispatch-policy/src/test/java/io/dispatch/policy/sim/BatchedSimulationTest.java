package io.dispatch.policy.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.planner.PlanSolution;
import io.dispatch.planner.PlannedRoute;
import io.dispatch.planner.PlannedStop;
import io.dispatch.planner.RouteSolver;
import io.dispatch.planner.RouteSolvers;
import io.dispatch.planner.SolveBudget;
import io.dispatch.planner.StopKind;
import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.Fallback;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** BATCHED in the simulator: riders carry several orders on the routes the core plans (decisions.md §15). */
class BatchedSimulationTest {

    private static final Point KITCHEN_A = new Point(-1.2810, 36.8210);
    private static final Point KITCHEN_B = new Point(-1.2810, 36.8510);

    /**
     * Two riders with three bags, each next to a kitchen; three orders from each kitchen, all ready at 600 s, placed
     * alternately so that each rider's route already has orders when the next one comes.
     */
    static Scenario twoKitchens() {
        List<Scenario.Order> orders = new ArrayList<>();
        for (int index = 0; index < 3; index++) {
            orders.add(new Scenario.Order(
                    "a" + index,
                    30 + 20L * index,
                    600,
                    KITCHEN_A,
                    new Point(KITCHEN_A.lat() - 0.006 - 0.004 * index, KITCHEN_A.lng() - 0.004 + 0.004 * index)));
            orders.add(new Scenario.Order(
                    "b" + index,
                    40 + 20L * index,
                    600,
                    KITCHEN_B,
                    new Point(KITCHEN_B.lat() + 0.006 + 0.004 * index, KITCHEN_B.lng() + 0.004 - 0.004 * index)));
        }
        List<Scenario.Rider> riders = List.of(
                new Scenario.Rider("ra", KITCHEN_A.lat() + 0.002, KITCHEN_A.lng(), 0, 7200, 3),
                new Scenario.Rider("rb", KITCHEN_B.lat() + 0.002, KITCHEN_B.lng(), 0, 7200, 3));
        return batchedDay("two-kitchens", riders, orders);
    }

    /** A BATCHED day at 18 km/h, one minute of service at each stop, a 40-minute target. */
    private static Scenario batchedDay(String name, List<Scenario.Rider> riders, List<Scenario.Order> orders) {
        Policy policy = new Policy(
                Policy.DEFAULT_ZONE, Mode.BATCHED, Duration.ofSeconds(30), 5, 5000, Fallback.OPERATOR_QUEUE, 1);
        return new Scenario(
                name,
                Instant.parse("2026-11-02T09:00:00Z"),
                18,
                1.0,
                60,
                60,
                2400,
                10,
                1.0,
                60,
                policy,
                riders,
                orders);
    }

    @Test
    void two_riders_with_three_bags_carry_three_orders_each_on_their_planned_routes() {
        Simulation simulation = new Simulation(twoKitchens(), 1, CoreConfig.defaults());

        SimReport report = simulation.run();

        assertThat(simulation.violations()).isEmpty();
        assertThat(report.delivered()).isEqualTo(6);
        assertThat(report.metersPerOrder()).isPositive();
        for (SimRider rider : simulation.riders()) {
            String kitchen = rider.rider.id().substring(1);
            assertThat(rider.mostHeld).as(rider.rider.id()).isEqualTo(3);
            assertThat(rider.served)
                    .as(rider.rider.id())
                    .hasSize(6)
                    .allMatch(stop -> stop.substring(2).startsWith(kitchen));
            assertPickupsBeforeDropoffs(rider.served);
            // batched: the three pickups at the kitchen come before the first drop-off
            assertThat(rider.served.subList(0, 3)).allMatch(stop -> stop.startsWith("P:"));
        }
    }

    @Test
    void a_rider_sets_off_just_in_time_to_arrive_as_the_food_is_ready() {
        Point start = new Point(KITCHEN_A.lat() + 0.018, KITCHEN_A.lng());
        Scenario day = batchedDay(
                "late-food",
                List.of(new Scenario.Rider("r", start.lat(), start.lng(), 0, 7200, 2)),
                List.of(new Scenario.Order(
                        "o", 30, 1500, KITCHEN_A, new Point(KITCHEN_A.lat() - 0.01, KITCHEN_A.lng()))));
        Simulation simulation = new Simulation(day, 1, CoreConfig.defaults());
        SimRider rider = simulation.riders().getFirst();
        long rideMillis = Math.round(simulation.travel().seconds(start, KITCHEN_A) * 1000);
        List<Point> seen = new ArrayList<>();
        for (long at : List.of(600_000L, 1_500_000L - rideMillis - 1_000, 1_500_000L - rideMillis / 2)) {
            simulation.queue().at(at, () -> seen.add(rider.positionAt(at)));
        }

        SimReport report = simulation.run();

        assertThat(report.delivered()).isEqualTo(1);
        assertThat(rideMillis).isBetween(300_000L, 500_000L);
        // still where it was ten minutes after it took the order, and a second before it had to leave
        assertThat(seen.get(0)).isEqualTo(start);
        assertThat(seen.get(1)).isEqualTo(start);
        // half-way there at half the ride before the food is ready
        assertThat(simulation.travel().meters(start, seen.get(2)))
                .isCloseTo(simulation.travel().meters(start, KITCHEN_A) / 2, Offset.offset(5.0));
        // arrived as the food was ready: picked up after one service time, nothing waited
        assertThat(simulation.orders().getFirst().pickedUpAt).isEqualTo(1_500_000L + 60_000L);
    }

    @Test
    void riders_follow_the_order_of_the_improved_routes() {
        Scenario day = twoKitchens();
        Map<String, String> orderIds = day.orders().stream()
                .collect(Collectors.toMap(
                        order -> Simulation.uuid("order:" + order.id()).toString(), Scenario.Order::id));
        // sorts each route's trailing drop-offs by order id, last first: an order the cheapest insertion does not make
        RouteSolver lastIdFirst = (problem, start, budget) -> reorderTrailingDropoffs(
                start, Comparator.comparing((String job) -> orderIds.get(job)).reversed());
        Simulation improved = new Simulation(day, 1, CoreConfig.defaults(), lastIdFirst);
        Simulation plain = new Simulation(day, 1, CoreConfig.defaults());

        assertThat(improved.run().delivered()).isEqualTo(6);
        plain.run();

        for (SimRider rider : improved.riders()) {
            String kitchen = rider.rider.id().substring(1);
            assertThat(rider.served).as(rider.rider.id()).hasSize(6);
            assertThat(rider.served.subList(0, 3)).as(rider.rider.id()).allMatch(stop -> stop.startsWith("P:"));
            assertThat(rider.served.subList(3, 6))
                    .as(rider.rider.id())
                    .containsExactly("D:" + kitchen + "2", "D:" + kitchen + "1", "D:" + kitchen + "0");
        }
        // the cheapest insertion alone rides some other order, so the riders above followed the improvement
        assertThat(plain.riders().stream().map(rider -> rider.served).toList())
                .isNotEqualTo(
                        improved.riders().stream().map(rider -> rider.served).toList());
    }

    @Test
    void the_improvement_runs_every_minute_with_an_iteration_budget_and_a_seed_of_the_run() {
        List<SolveBudget> budgets = new ArrayList<>();
        RouteSolver recording = (problem, start, budget) -> {
            budgets.add(budget);
            return RouteSolvers.standard().solve(problem, start, budget);
        };

        new Simulation(twoKitchens(), 5, CoreConfig.defaults(), recording).run();

        assertThat(budgets).isNotEmpty();
        assertThat(budgets)
                .allSatisfy(budget -> assertThat(budget.time()).isNull())
                .allSatisfy(budget -> assertThat(budget.iterations()).isEqualTo(RouteImprovement.SOLVE_ITERATIONS));
        // one zone: one solve per round, a new seed each round
        assertThat(budgets.stream().map(SolveBudget::seed).distinct()).hasSize(budgets.size());
        // the routes exist from the first order (30 s) to the last drop-off, well over ten minutes
        assertThat(budgets.size()).isGreaterThan(10);
    }

    @Test
    void the_same_day_and_seed_give_the_same_figures_and_stops() {
        Scenario day = DispatchSim.withMode(
                        ScenarioGenerator.generate(200, 25, 3, 9).withRiderAcceptShare(0.8), Mode.BATCHED)
                .withMaxActive(3);

        Simulation first = new Simulation(day, 3, CoreConfig.defaults());
        Simulation second = new Simulation(day, 3, CoreConfig.defaults());
        SimReport firstReport = first.run();
        SimReport secondReport = second.run();

        assertThat(first.violations()).isEmpty();
        assertThat(firstReport.delivered()).isGreaterThan(150);
        assertThat(firstReport.offers().declined()).isPositive();
        assertThat(first.riders().stream().mapToInt(rider -> rider.mostHeld).max())
                .hasValue(3);
        assertThat(secondReport)
                .usingRecursiveComparison()
                .ignoringFields("wallSeconds")
                .isEqualTo(firstReport);
        assertThat(second.riders().stream().map(rider -> rider.served).toList())
                .isEqualTo(first.riders().stream().map(rider -> rider.served).toList());
        for (SimRider rider : first.riders()) {
            assertPickupsBeforeDropoffs(rider.served);
        }
    }

    private static void assertPickupsBeforeDropoffs(List<String> served) {
        for (int index = 0; index < served.size(); index++) {
            String stop = served.get(index);
            if (stop.startsWith("D:")) {
                assertThat(served.subList(0, index)).as(served.toString()).contains("P:" + stop.substring(2));
            } else {
                assertThat(served.subList(0, index)).as(served.toString()).doesNotContain("D:" + stop.substring(2));
            }
        }
    }

    /** The start with each route's run of drop-offs at its end put in {@code order} (its times left as they were). */
    private static PlanSolution reorderTrailingDropoffs(PlanSolution start, Comparator<String> order) {
        List<PlannedRoute> routes = new ArrayList<>();
        for (PlannedRoute route : start.routes()) {
            List<PlannedStop> stops = new ArrayList<>(route.stops());
            int from = stops.size();
            while (from > 1 && stops.get(from - 1).kind() == StopKind.DROPOFF) {
                from--;
            }
            List<PlannedStop> tail = new ArrayList<>(stops.subList(from, stops.size()));
            tail.sort(Comparator.comparing(PlannedStop::jobId, order));
            for (int index = 0; index < tail.size(); index++) {
                stops.set(from + index, tail.get(index));
            }
            routes.add(new PlannedRoute(route.vehicleId(), stops));
        }
        return new PlanSolution(routes, start.unassigned());
    }
}
