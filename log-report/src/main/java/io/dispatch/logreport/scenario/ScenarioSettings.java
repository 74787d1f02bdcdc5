package io.dispatch.logreport.scenario;

/**
 * The scenario's settings that the log does not hold (or that override what is derived from it); null takes the
 * documented default or derivation (docs/dispatch-simulator.md, "A scenario from the log").
 *
 * @param speedKmh above 0
 * @param detourFactor 1 or more (the travel model's)
 * @param pickupServiceSeconds 0 or more
 * @param dropoffServiceSeconds 0 or more
 * @param targetClickToDoorSeconds above 0
 */
public record ScenarioSettings(
        Double speedKmh,
        Double detourFactor,
        Integer pickupServiceSeconds,
        Integer dropoffServiceSeconds,
        Integer targetClickToDoorSeconds) {

    public ScenarioSettings {
        if (speedKmh != null && !(speedKmh > 0 && speedKmh < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("speedKmh must be above 0, was " + speedKmh);
        }
        if (detourFactor != null && !(detourFactor >= 1 && detourFactor < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("detourFactor must be 1 or more, was " + detourFactor);
        }
        if (pickupServiceSeconds != null && pickupServiceSeconds < 0) {
            throw new IllegalArgumentException("pickupServiceSeconds must be 0 or more, was " + pickupServiceSeconds);
        }
        if (dropoffServiceSeconds != null && dropoffServiceSeconds < 0) {
            throw new IllegalArgumentException("dropoffServiceSeconds must be 0 or more, was " + dropoffServiceSeconds);
        }
        if (targetClickToDoorSeconds != null && targetClickToDoorSeconds < 1) {
            throw new IllegalArgumentException(
                    "targetClickToDoorSeconds must be above 0, was " + targetClickToDoorSeconds);
        }
    }

    public static ScenarioSettings derived() {
        return new ScenarioSettings(null, null, null, null, null);
    }
}
