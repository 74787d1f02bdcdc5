package io.dispatch.policy.sim;

import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One scenario under several policies (decisions.md section 17): a row per mode, after a first row {@code recorded}
 * when the scenario was made from the log. Every row is computed the same way, under the travel model it states.
 *
 * @param scenario the scenario's name
 * @param travel the travel model every simulated row used and the recorded row's metres were measured with
 * @param rows {@code recorded} first when there is one, then the modes in the order asked
 */
public record Comparison(String scenario, Travel travel, List<Row> rows) {

    /** The name of the row of what actually happened. */
    public static final String RECORDED = "recorded";

    /**
     * The simulator's travel model, stated with every comparison.
     *
     * @param model in words
     */
    public record Travel(String model, double speedKmh, double detourFactor) {

        static Travel of(Scenario scenario) {
            return new Travel(
                    "straight line x detourFactor at speedKmh; riders wait at a pickup until readyAt",
                    scenario.speedKmh(),
                    scenario.detourFactor());
        }
    }

    /** One policy's figures (or the recorded ones), with click-to-door per hour. */
    public record Row(String mode, SimReport figures, List<HourFigures> clickToDoorByHour) {}

    /** Runs the scenario under each of {@code modes} with the same seed and core settings. */
    public static Comparison of(
            Scenario scenario, Optional<Recorded> recorded, List<Mode> modes, long seed, CoreConfig core) {
        List<Row> rows = new ArrayList<>();
        recorded.ifPresent(real -> rows.add(new Row(RECORDED, real.figures(), real.clickToDoorByHour())));
        for (Mode mode : modes) {
            Simulation.Outcome outcome = new Simulation(DispatchSim.withMode(scenario, mode), seed, core).runDetailed();
            rows.add(new Row(mode.name(), outcome.figures(), HourFigures.of(scenario.startAt(), outcome.orders())));
        }
        return new Comparison(scenario.name(), Travel.of(scenario), rows);
    }
}
