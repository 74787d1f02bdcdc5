package io.dispatch.query.whatif;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.logreport.scenario.LogScenario;
import io.dispatch.logreport.scenario.ScenarioRequest;
import io.dispatch.logreport.scenario.ScenarioSettings;
import io.dispatch.policy.core.CoreConfig;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.sim.Comparison;
import io.dispatch.policy.sim.Scenario;
import io.dispatch.policy.sim.ScenarioJson;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * One job's steps: count the period's orders (refused above {@code maxOrders}), read the period from the log as a
 * scenario, simulate it under each mode in turn (the progress names the one running), and store the comparison with
 * the scenario's notes. Every mode runs with the same seed and the core's default settings.
 */
final class WhatIfRun {

    /** Thrown to end a job as FAILED with a message for the operator. */
    static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private final WhatIfJobs jobs;
    private final RecordedOrders recordedOrders;
    private final DayScenarios scenarios;
    private final WhatIfProperties settings;
    private final Clock clock;

    WhatIfRun(
            WhatIfJobs jobs,
            RecordedOrders recordedOrders,
            DayScenarios scenarios,
            WhatIfProperties settings,
            Clock clock) {
        this.jobs = jobs;
        this.recordedOrders = recordedOrders;
        this.scenarios = scenarios;
        this.settings = settings;
        this.clock = clock;
    }

    void run(UUID id, WhatIfRequest request) {
        Instant started = clock.instant();
        jobs.started(id, "counting the period's orders", started);
        long counted = recordedOrders.in(request);
        refuseAbove(counted);
        jobs.progress(id, "reading the log: the orders created in the period and the riders' shifts", clock.instant());
        LogScenario.Made made = scenarios.read(
                new ScenarioRequest(request.from(), request.to(), request.zoneId(), ScenarioSettings.derived()));
        Scenario scenario = made.scenario();
        refuseAbove(scenario.orders().size());
        Comparison comparison = compare(id, request.modes(), made);
        ObjectNode result = ScenarioJson.toTree(comparison);
        ArrayNode notes = result.putArray("notes");
        made.notes().forEach(notes::add);
        long seconds = Duration.between(started, clock.instant()).toSeconds();
        jobs.done(
                id,
                result.toString(),
                "done in %d s: %d orders, %d riders, %d policies"
                        .formatted(
                                seconds,
                                scenario.orders().size(),
                                scenario.riders().size(),
                                request.modes().size()),
                clock.instant());
    }

    /** Mode by mode, so that the progress says which one runs; the recorded row first, as Comparison puts it. */
    private Comparison compare(UUID id, List<Mode> modes, LogScenario.Made made) {
        Scenario scenario = made.scenario();
        List<Comparison.Row> rows = new ArrayList<>();
        Comparison.Travel travel = null;
        for (int i = 0; i < modes.size(); i++) {
            jobs.progress(
                    id,
                    "simulating %s (%d of %d): %d orders, %d riders"
                            .formatted(
                                    modes.get(i),
                                    i + 1,
                                    modes.size(),
                                    scenario.orders().size(),
                                    scenario.riders().size()),
                    clock.instant());
            Comparison one = Comparison.of(
                    scenario,
                    i == 0 ? Optional.ofNullable(made.recorded()) : Optional.empty(),
                    List.of(modes.get(i)),
                    settings.seed(),
                    CoreConfig.defaults());
            rows.addAll(one.rows());
            travel = one.travel();
        }
        return new Comparison(scenario.name(), travel, rows);
    }

    private void refuseAbove(long orders) {
        if (orders > settings.maxOrders()) {
            throw new Refused("the period holds %d orders, more than the %d one comparison may simulate "
                            .formatted(orders, settings.maxOrders())
                    + "(dispatch.whatif.max-orders); choose a zone, or run log-report --scenario and "
                    + "dispatch-sim --compare on a machine of their own");
        }
    }
}
