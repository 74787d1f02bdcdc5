package io.dispatch.logreport.scenario;

import java.time.Instant;
import java.util.Objects;

/**
 * A period of the log to turn into a scenario (decisions.md section 17): the orders created in {@code [from, to)},
 * followed to their end however late that is.
 *
 * @param zoneId only orders whose recorded dispatching policy is this zone's ({@code default} for orders created
 *     without one); null (or blank) for every zone
 * @param settings what the log does not hold, or an override of what is derived from it; null for {@link
 *     ScenarioSettings#derived()}
 */
public record ScenarioRequest(Instant from, Instant to, String zoneId, ScenarioSettings settings) {

    public ScenarioRequest {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("from must be before to: " + from + ", " + to);
        }
        zoneId = zoneId == null || zoneId.isBlank() ? null : zoneId.trim();
        settings = settings == null ? ScenarioSettings.derived() : settings;
    }
}
