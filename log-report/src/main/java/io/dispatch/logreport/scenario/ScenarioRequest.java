package io.dispatch.logreport.scenario;

import java.time.Instant;

/**
 * A period of the log to turn into a scenario (decisions.md section 17): the orders created in {@code [from, to)},
 * followed to their end however late that is.
 *
 * @param zoneId only orders whose recorded dispatching policy is this zone's; null for every zone
 * @param settings what the log does not hold, or an override of what is derived from it
 */
public record ScenarioRequest(Instant from, Instant to, String zoneId, ScenarioSettings settings) {}
