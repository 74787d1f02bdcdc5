package io.dispatch.logreport.cli;

/**
 * The options of {@code --scenario} (decisions.md section 17): the zone, the topic of the riders' fixes, and the
 * settings the log does not hold; null for what is derived or defaulted.
 */
public record ScenarioOptions(
        String zoneId,
        String positionsTopic,
        Double speedKmh,
        Double detourFactor,
        Integer pickupServiceSeconds,
        Integer dropoffServiceSeconds,
        Integer targetClickToDoorSeconds) {

    public static final String DEFAULT_POSITIONS_TOPIC = "rider-positions";
}
