package io.dispatch.logreport.scenario;

import io.dispatch.logreport.read.SourceUnavailableException;
import io.dispatch.policy.sim.Recorded;
import io.dispatch.policy.sim.Scenario;
import java.time.Duration;
import java.util.List;

/**
 * log-report --scenario (decisions.md section 17): a period of the log as a scenario file, with what actually
 * happened in it as its {@code recorded} part. Used by the command line and by the console's what-if job.
 */
public final class LogScenario {

    /**
     * The scenario, the recorded figures, and notes for the operator (what was derived, what was left out and why).
     */
    public record Made(Scenario scenario, Recorded recorded, List<String> notes) {}

    private LogScenario() {}

    /** Reads the topics dispatch-events and rider-positions. */
    public static Made fromKafka(String bootstrapServers, ScenarioRequest request, Duration timeout) {
        throw new SourceUnavailableException("not built yet");
    }

    /** Reads the command-service's event store (positions: the deliveries' dispatch.location_updated only). */
    public static Made fromEventStore(
            String jdbcUrl, String user, String password, ScenarioRequest request, Duration timeout) {
        throw new SourceUnavailableException("not built yet");
    }
}
