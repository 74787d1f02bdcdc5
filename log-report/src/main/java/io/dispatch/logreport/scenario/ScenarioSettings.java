package io.dispatch.logreport.scenario;

/**
 * The scenario's settings that the log does not hold (or that override what is derived from it); null takes the
 * documented default or derivation (docs/dispatch-simulator.md, "A scenario from the log").
 */
public record ScenarioSettings(
        Double speedKmh,
        Double detourFactor,
        Integer pickupServiceSeconds,
        Integer dropoffServiceSeconds,
        Integer targetClickToDoorSeconds) {

    public static ScenarioSettings derived() {
        return new ScenarioSettings(null, null, null, null, null);
    }
}
