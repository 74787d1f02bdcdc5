package io.dispatch.policy.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.Fallback;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.core.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SimulationTest {

    /** The shared sample beside the repository; on a fresh clone without it, a generated day of the same size. */
    static final Path SAMPLE = Path.of("../../shared/bench/scenarios/nairobi-300-orders.json");

    static Scenario day;

    @BeforeAll
    static void readTheDay() throws IOException {
        day = Files.isReadable(SAMPLE) ? ScenarioJson.read(SAMPLE) : ScenarioGenerator.generate(300, 45, 5, 7);
    }

    static Simulation simulation(Mode mode, double acceptShare) {
        return new Simulation(
                DispatchSim.withMode(day, mode).withRiderAcceptShare(acceptShare), 1, CoreConfig.defaults());
    }

    @Test
    void in_every_mode_no_order_is_delivered_twice_no_rider_exceeds_max_active_and_the_counts_add_up() {
        for (Mode mode : new Mode[] {Mode.MANUAL, Mode.BROADCAST, Mode.RANKED, Mode.AUTO_ASSIGN, Mode.BATCHED}) {
            Simulation simulation = simulation(mode, 0.7);

            SimReport report = simulation.run();

            assertThat(simulation.violations()).as(mode.name()).isEmpty();
            assertThat(report.orders()).isEqualTo(day.orders().size());
            assertThat(report.delivered() + report.neverAssigned())
                    .as(mode.name())
                    .isEqualTo(report.orders());
            assertThat(report.delivered()).as(mode.name()).isPositive();
            assertThat(report.offers().declined() + report.offers().expired())
                    .isLessThanOrEqualTo(report.offers().made());
        }
    }

    @Test
    void ranked_assigns_faster_than_riders_picking_from_the_open_list() {
        SimReport manual = simulation(Mode.MANUAL, 1.0).run();
        SimReport ranked = simulation(Mode.RANKED, 1.0).run();

        assertThat(ranked.timeToAssignSeconds().p90())
                .isLessThan(manual.timeToAssignSeconds().p90());
        assertThat(ranked.neverAssigned()).isLessThanOrEqualTo(manual.neverAssigned());
        assertThat(ranked.offers().made()).isGreaterThanOrEqualTo(ranked.delivered());
    }

    @Test
    void with_a_share_of_declines_ranked_makes_more_offers_and_still_delivers() {
        SimReport everyoneAccepts = simulation(Mode.RANKED, 1.0).run();
        SimReport someDecline = simulation(Mode.RANKED, 0.7).run();

        assertThat(everyoneAccepts.offers().declined()).isZero();
        assertThat(someDecline.offers().declined()).isPositive();
        assertThat(someDecline.offers().made())
                .isGreaterThan(everyoneAccepts.offers().made());
        assertThat(someDecline.delivered()).isGreaterThan(day.orders().size() * 9 / 10);
    }

    @Test
    void the_same_day_and_seed_give_the_same_figures() {
        SimReport first = simulation(Mode.RANKED, 0.7).run();
        SimReport second = simulation(Mode.RANKED, 0.7).run();

        assertThat(second)
                .usingRecursiveComparison()
                .ignoringFields("wallSeconds")
                .isEqualTo(first);
    }

    @Test
    void a_generated_day_is_the_same_for_the_same_seed_and_reads_back_as_written(
            @org.junit.jupiter.api.io.TempDir Path folder) throws IOException {
        Scenario generated = ScenarioGenerator.generate(50, 8, 2, 42);
        Path file = folder.resolve("day.json");

        ScenarioJson.write(generated, file);

        assertThat(ScenarioJson.read(file)).isEqualTo(generated);
        assertThat(ScenarioGenerator.generate(50, 8, 2, 42)).isEqualTo(generated);
        assertThat(ScenarioGenerator.generate(50, 8, 2, 43)).isNotEqualTo(generated);
    }

    @Test
    void a_rider_freed_by_a_drop_off_is_matched_from_that_drop_off() {
        // one rider; while it carries A from X to Y (27 s, before any periodic report), B waits near X and C near Y
        Point x = new Point(-1.28, 36.80);
        Point y = new Point(-1.28, 36.813);
        List<Scenario.Order> orders = List.of(
                new Scenario.Order("A", 1, 1, x, y),
                new Scenario.Order("B", 2, 2, new Point(-1.2795, 36.8005), new Point(-1.275, 36.80)),
                new Scenario.Order("C", 3, 3, new Point(-1.2795, 36.8125), new Point(-1.275, 36.813)));
        Scenario day = new Scenario(
                "freed-at-a-drop-off",
                Instant.parse("2026-11-02T09:00:00Z"),
                200,
                1.0,
                0,
                0,
                2400,
                10,
                1.0,
                60,
                new Policy(
                        Policy.DEFAULT_ZONE, Mode.RANKED, Duration.ofSeconds(30), 5, 5000, Fallback.OPERATOR_QUEUE, 1),
                List.of(new Scenario.Rider("r", x.lat(), x.lng(), 0, 3600, 1)),
                orders);

        Simulation.Outcome outcome = new Simulation(day, 1, CoreConfig.defaults()).runDetailed();

        assertThat(outcome.figures().delivered()).isEqualTo(3);
        OrderTimes b = outcome.orders().get(1);
        OrderTimes c = outcome.orders().get(2);
        assertThat(outcome.orders().getFirst().deliveredAt())
                .as("A delivered before the first periodic report")
                .isLessThan(60_000L);
        // from where the core last heard of it before the drop-off (X), B would be nearest
        assertThat(c.pickedUpAt()).as("C, next to the drop-off, first").isLessThan(b.pickedUpAt());
    }
}
