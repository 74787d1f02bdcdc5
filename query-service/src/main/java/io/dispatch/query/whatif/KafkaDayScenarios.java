package io.dispatch.query.whatif;

import io.dispatch.logreport.scenario.LogScenario;
import io.dispatch.logreport.scenario.ScenarioRequest;
import java.time.Duration;

/** The period read from the topics dispatch-events and rider-positions, on the service's own Kafka. */
final class KafkaDayScenarios implements DayScenarios {

    private final String bootstrapServers;
    private final Duration timeout;

    KafkaDayScenarios(String bootstrapServers, Duration timeout) {
        this.bootstrapServers = bootstrapServers;
        this.timeout = timeout;
    }

    @Override
    public LogScenario.Made read(ScenarioRequest request) {
        return LogScenario.fromKafka(bootstrapServers, request, timeout);
    }
}
