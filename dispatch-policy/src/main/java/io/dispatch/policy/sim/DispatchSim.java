package io.dispatch.policy.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.core.Policy;
import java.io.IOException;
import java.io.PrintStream;

/**
 * deploy/dispatch-sim.sh: runs a scenario through the core and prints section 14's JSON object, or generates a
 * scenario (docs/dispatch-simulator.md).
 *
 * <pre>
 *   dispatch-sim scenario.json [--mode M] [--seed N] [--accept-share S] [--max-active N] [--compare M1,M2,... [--json]]
 *   dispatch-sim --generate --orders N --riders R [--hours H] [--seed S] --out file.json
 * </pre>
 *
 * Exit status: 0 done, 1 the scenario could not be read or written, 2 bad options.
 */
public final class DispatchSim {

    private DispatchSim() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The whole run, for main and for tests: the table or JSON to {@code out}, messages to {@code err}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        SimOptions options;
        try {
            options = SimOptions.parse(args);
        } catch (IllegalArgumentException badOptions) {
            err.println("dispatch-sim: " + badOptions.getMessage());
            err.println(SimOptions.USAGE);
            return 2;
        }
        try {
            if (options.generate()) {
                Scenario day =
                        ScenarioGenerator.generate(options.orders(), options.riders(), options.hours(), options.seed());
                ScenarioJson.write(day, options.out());
                err.println("dispatch-sim: wrote " + options.out() + " (" + day.name() + ")");
                return 0;
            }
            Scenario scenario = ScenarioJson.read(options.scenario());
            if (options.acceptShare() != null) {
                scenario = scenario.withRiderAcceptShare(options.acceptShare());
            }
            if (options.maxActive() != null) {
                scenario = scenario.withMaxActive(options.maxActive());
            }
            ObjectMapper mapper = new ObjectMapper();
            if (options.compare().isEmpty()) {
                Scenario chosen = options.mode() == null ? scenario : withMode(scenario, options.mode());
                out.println(mapper.writeValueAsString(simulate(chosen, options.seed(), options.core())));
            } else {
                Comparison comparison = Comparison.of(
                        scenario,
                        ScenarioJson.readRecorded(options.scenario()),
                        options.compare(),
                        options.seed(),
                        options.core());
                if (options.json()) {
                    out.println(mapper.writerWithDefaultPrettyPrinter()
                            .writeValueAsString(ScenarioJson.toTree(comparison)));
                } else {
                    ComparisonTable.print(comparison, out);
                }
            }
            return 0;
        } catch (IOException unreadable) {
            err.println("dispatch-sim: " + unreadable.getMessage());
            return 1;
        }
    }

    public static SimReport simulate(Scenario scenario, long seed) {
        return simulate(scenario, seed, CoreConfig.defaults());
    }

    public static SimReport simulate(Scenario scenario, long seed, CoreConfig core) {
        return new Simulation(scenario, seed, core).run();
    }

    static Scenario withMode(Scenario scenario, Mode mode) {
        Policy policy = scenario.policy();
        return scenario.withPolicy(new Policy(
                policy.zoneId(),
                mode,
                policy.offerTimeout(),
                policy.maxOffers(),
                policy.radiusMeters(),
                policy.fallback(),
                policy.version()));
    }
}
