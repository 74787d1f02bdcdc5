package io.dispatch.query.whatif;

import io.dispatch.logreport.scenario.LogScenario;
import io.dispatch.logreport.scenario.ScenarioRequest;
import java.time.Duration;

/**
 * The period read from the topics dispatch-events and rider-positions, on the service's own Kafka, with the zone's
 * policy and travel settings from command-service's tables.
 */
final class KafkaDayScenarios implements DayScenarios {

    private final String bootstrapServers;
    private final LogScenario.Store store;
    private final Duration timeout;

    KafkaDayScenarios(String bootstrapServers, LogScenario.Store store, Duration timeout) {
        this.bootstrapServers = bootstrapServers;
        this.store = store;
        this.timeout = timeout;
    }

    @Override
    public LogScenario.Made read(ScenarioRequest request) {
        return LogScenario.fromKafka(bootstrapServers, store, request, timeout);
    }
}
