package io.dispatch.logreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import io.dispatch.logreport.scenario.LogScenario;
import io.dispatch.logreport.scenario.ScenarioFold;
import io.dispatch.logreport.scenario.ScenarioRequest;
import io.dispatch.logreport.scenario.ScenarioSettings;
import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.Fallback;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Point;
import io.dispatch.policy.sim.Comparison;
import io.dispatch.policy.sim.HourFigures;
import io.dispatch.policy.sim.Scenario;
import io.dispatch.policy.sim.SimReport;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The scenario folded out of the crafted hour ({@link ScenarioLog}), every figure worked out by hand. */
class ScenarioFoldTest {

    private static final double DETOUR = 1.25;

    @Test
    void the_orders_are_those_created_in_the_period_with_coordinates() {
        Scenario scenario = made(null).scenario();

        assertThat(scenario.orders())
                .extracting(Scenario.Order::id)
                .containsExactly(ids(ScenarioLog.O1, ScenarioLog.O2, ScenarioLog.O3, ScenarioLog.O5, ScenarioLog.O6));
        assertThat(scenario.orders()).extracting(Scenario.Order::placedAt).containsExactly(0L, 60L, 120L, 300L, 3500L);
        assertThat(scenario.orders()).allSatisfy(order -> {
            assertThat(order.readyAt()).isEqualTo(order.placedAt());
            assertThat(order.pickup()).isEqualTo(ScenarioLog.PICKUP);
            assertThat(order.dropoff()).isEqualTo(ScenarioLog.DROPOFF);
        });
        assertThat(scenario.name()).isEqualTo("log 2026-02-01T10:00:00Z..2026-02-01T11:00:00Z");
        assertThat(scenario.startAt()).isEqualTo(ScenarioLog.T0);
        assertThat(made(null).notes())
                .anySatisfy(note -> assertThat(note)
                        .startsWith("1 orders left out: no pickup or dropoff coordinates")
                        .contains(ScenarioLog.O4.toString()));
    }

    @Test
    void a_zone_keeps_the_orders_created_under_its_policy() {
        LogScenario.Made cbd = made("nairobi-cbd");
        LogScenario.Made westlands = made("westlands");

        assertThat(cbd.scenario().orders())
                .extracting(Scenario.Order::id)
                .containsExactly(ids(ScenarioLog.O1, ScenarioLog.O2, ScenarioLog.O3, ScenarioLog.O6));
        assertThat(cbd.scenario().name()).endsWith(" zone nairobi-cbd");
        assertThat(cbd.notes()).contains("2 orders of other zones not counted"); // O5, and O4 of zone default
        assertThat(westlands.scenario().orders()).extracting(Scenario.Order::id).containsExactly(ids(ScenarioLog.O5));
        assertThat(westlands.scenario().policy().mode()).isEqualTo(Mode.AUTO_ASSIGN);
    }

    @Test
    void riders_are_their_runs_of_fixes_over_the_orders_life_and_the_holders_without_fixes() {
        Scenario scenario = made(null).scenario();

        assertThat(scenario.riders())
                .containsExactly(
                        // started before the period: on at 0 where it was then, off at its last fix
                        rider(ScenarioLog.R1.toString(), ScenarioLog.r1At(0), 0, 1980, 2),
                        rider(ScenarioLog.R2.toString(), ScenarioLog.r2At(100), 100, 1000, 2),
                        // still riding when the last order ended (4200): off then
                        rider(ScenarioLog.R1 + "#2", ScenarioLog.r1At(2640), 2640, 4200, 2),
                        // no fix: from its first assignment at that order's pickup to the end of its last order
                        rider(ScenarioLog.R5.toString(), ScenarioLog.PICKUP, 3700, 4200, 1));
        assertThat(made(null).notes())
                .anySatisfy(note -> assertThat(note)
                        .startsWith("1 more riders held orders but have no fix")
                        .contains(ScenarioLog.R5.toString()));
    }

    @Test
    void max_active_counts_only_the_zones_orders() {
        Scenario scenario = made("nairobi-cbd").scenario();

        // R2 held O3 and O5 at once at 310, but O5 is westlands'
        assertThat(scenario.riders())
                .filteredOn(rider -> rider.id().equals(ScenarioLog.R2.toString()))
                .singleElement()
                .extracting(Scenario.Rider::maxActive)
                .isEqualTo(1);
    }

    @Test
    void a_short_life_cuts_the_runs_at_its_end() {
        Scenario scenario = made("westlands").scenario();

        // O5 ended at 400: R1's first run and R2 are cut there, R1's second run and R5 are not the period's
        assertThat(scenario.riders())
                .extracting(Scenario.Rider::id, Scenario.Rider::onAt, Scenario.Rider::offAt)
                .containsExactly(
                        tuple(ScenarioLog.R1.toString(), 0L, 400L), tuple(ScenarioLog.R2.toString(), 100L, 400L));
    }

    @Test
    void the_policy_and_the_riders_answers_come_from_the_orders_offers() {
        Scenario scenario = made(null).scenario();

        assertThat(scenario.policy().mode()).isEqualTo(Mode.RANKED); // 4 of 5 orders
        assertThat(scenario.policy().offerTimeout()).isEqualTo(Duration.ofSeconds(45));
        assertThat(scenario.policy().maxOffers()).isEqualTo(5);
        assertThat(scenario.policy().radiusMeters()).isEqualTo(5000);
        assertThat(scenario.policy().fallback()).isEqualTo(Fallback.OPERATOR_QUEUE);
        assertThat(scenario.riderAcceptSeconds()).isEqualTo(12); // 12, 8 and 14 s
        assertThat(scenario.riderAcceptShare()).isEqualTo(0.6); // 3 accepted; a decline and a give-back
        assertThat(made("nairobi-cbd").scenario().riderAcceptShare()).isEqualTo(0.75);
        assertThat(scenario.targetClickToDoorSeconds()).isEqualTo(3000); // of 2400, 3000, 2400, 3600, 3000
        assertThat(scenario.speedKmh()).isEqualTo(20);
        assertThat(scenario.detourFactor()).isEqualTo(DETOUR);
        assertThat(scenario.pickupServiceSeconds()).isZero();
        assertThat(scenario.riderLookSeconds()).isEqualTo(60);
    }

    @Test
    void the_recorded_figures_are_what_happened_to_the_orders_late_events_included() {
        LogScenario.Made made = made(null);
        SimReport figures = made.recorded().figures();

        assertThat(figures.orders()).isEqualTo(5);
        assertThat(figures.delivered()).isEqualTo(3); // O6 after the period's end too
        assertThat(figures.neverAssigned()).isEqualTo(1); // O5, given back
        assertThat(figures.clickToDoorSeconds()).isEqualTo(new SimReport.Spread(1313.3, 1500, 1740));
        assertThat(figures.readyToPickupSeconds()).isEqualTo(new SimReport.Spread(496.7, 590, 600));
        assertThat(figures.timeToAssignSeconds()).isEqualTo(new SimReport.Percentiles(32, 200));
        assertThat(figures.lateShare()).isZero();
        assertThat(figures.ordersPerRiderHour()).isEqualTo(2.186); // 3 of (1980 + 900 + 1560 + 500) s
        assertThat(figures.offers()).isEqualTo(new SimReport.Offers(6, 2, 1));
        assertThat(figures.wallSeconds()).isZero();
        assertThat(made.recorded().source()).isEqualTo("crafted");
        assertThat(made.recorded().clickToDoorByHour())
                .containsExactly(new HourFigures(ScenarioLog.T0, 5, 3, 1313.3, 1740));
    }

    @Test
    void a_delivery_moved_between_riders_keeps_its_assignment_time_and_is_no_offer() {
        ScenarioFold fold = new ScenarioFold(
                new ScenarioRequest(
                        ScenarioLog.T0, ScenarioLog.TO, null, new ScenarioSettings(null, DETOUR, null, null, null)),
                false);
        ScenarioLog log = ScenarioLog.craftedWithMoves();
        log.records().forEach(fold::accept);
        log.positions().forEach(fold::acceptFix);

        SimReport figures = fold.finish("crafted").recorded().figures();

        assertThat(figures.timeToAssignSeconds()).isEqualTo(new SimReport.Percentiles(32, 200));
        assertThat(figures.offers()).isEqualTo(new SimReport.Offers(6, 2, 1));
        assertThat(figures)
                .usingRecursiveComparison()
                .isEqualTo(made(null).recorded().figures());
    }

    @Test
    void the_metres_are_the_great_circle_between_fixes_times_the_detour_factor() {
        SimReport figures = made(null).recorded().figures();

        // every run rides a straight line on a meridian, so its fixes add up to the line from first to last
        double meters = (ScenarioLog.r1At(0).greatCircleMeters(ScenarioLog.r1At(1980))
                        + ScenarioLog.r1At(2640).greatCircleMeters(ScenarioLog.r1At(4200))
                        + ScenarioLog.r2At(100).greatCircleMeters(ScenarioLog.r2At(1000)))
                * DETOUR;
        assertThat(meters).isGreaterThan(5000);
        assertThat(figures.metersPerOrder()).isCloseTo(meters / 3, within(0.051));
    }

    @Test
    void the_simulator_runs_the_scenario_with_the_recorded_row_first() {
        LogScenario.Made made = made(null);

        Comparison comparison = Comparison.of(
                made.scenario(),
                Optional.of(made.recorded()),
                List.of(Mode.RANKED, Mode.BATCHED),
                1,
                CoreConfig.defaults());

        assertThat(comparison.rows())
                .extracting(Comparison.Row::mode)
                .containsExactly(Comparison.RECORDED, "RANKED", "BATCHED");
        assertThat(comparison.rows().getFirst().figures())
                .isEqualTo(made.recorded().figures());
        assertThat(comparison.rows())
                .allSatisfy(row -> assertThat(row.figures().orders()).isEqualTo(5));
        assertThat(comparison.travel().detourFactor()).isEqualTo(DETOUR);
    }

    @Test
    void given_settings_win_over_derived_ones() {
        ScenarioFold fold = new ScenarioFold(
                new ScenarioRequest(
                        ScenarioLog.T0, ScenarioLog.TO, null, new ScenarioSettings(15.0, 1.4, 60, 90, 1600)),
                false);
        feed(fold);
        LogScenario.Made made = fold.finish("crafted");

        assertThat(made.scenario().speedKmh()).isEqualTo(15);
        assertThat(made.scenario().detourFactor()).isEqualTo(1.4);
        assertThat(made.scenario().pickupServiceSeconds()).isEqualTo(60);
        assertThat(made.scenario().dropoffServiceSeconds()).isEqualTo(90);
        assertThat(made.scenario().targetClickToDoorSeconds()).isEqualTo(1600);
        assertThat(made.recorded().figures().lateShare()).isEqualTo(0.3333); // O2's 1740 s
        assertThat(made.notes()).contains("speedKmh 15.0: given", "targetClickToDoorSeconds 1600: given");
    }

    @Test
    void an_empty_period_is_an_empty_scenario() {
        ScenarioFold fold = new ScenarioFold(
                new ScenarioRequest(ScenarioLog.T0.minusSeconds(7200), ScenarioLog.T0.minusSeconds(3600), null, null),
                false);
        feed(fold);
        LogScenario.Made made = fold.finish("crafted");

        assertThat(made.scenario().orders()).isEmpty();
        assertThat(made.scenario().policy().mode()).isEqualTo(Mode.MANUAL);
        assertThat(made.recorded().figures().orders()).isZero();
        assertThat(made.recorded().clickToDoorByHour()).isEmpty();
    }

    private static LogScenario.Made made(String zone) {
        ScenarioFold fold = new ScenarioFold(
                new ScenarioRequest(
                        ScenarioLog.T0, ScenarioLog.TO, zone, new ScenarioSettings(null, DETOUR, null, null, null)),
                false);
        feed(fold);
        return fold.finish("crafted");
    }

    private static void feed(ScenarioFold fold) {
        ScenarioLog log = ScenarioLog.crafted();
        log.records().forEach(fold::accept);
        log.positions().forEach(fold::acceptFix);
    }

    private static Scenario.Rider rider(String id, Point at, long onAt, long offAt, int maxActive) {
        return new Scenario.Rider(id, at.lat(), at.lng(), onAt, offAt, maxActive);
    }

    private static String[] ids(UUID... ids) {
        return Arrays.stream(ids).map(Object::toString).toArray(String[]::new);
    }
}
