package io.dispatch.query.whatif;

import io.dispatch.logreport.scenario.LogScenario;
import io.dispatch.logreport.scenario.ScenarioRequest;

/**
 * Where a what-if's scenario comes from: a period of the log made into a scenario with what actually happened in it
 * (log-report's {@link LogScenario}). An interface so that the job can be tested with a scenario made up on the spot.
 */
public interface DayScenarios {

    /**
     * The scenario of the request's period.
     *
     * @throws io.dispatch.logreport.read.SourceUnavailableException when the log cannot be read; its message is for
     *     the operator
     */
    LogScenario.Made read(ScenarioRequest request);
}
