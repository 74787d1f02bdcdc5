package io.dispatch.logreport.scenario;

import io.dispatch.policy.core.Fallback;
import java.time.Duration;

/**
 * What command-service's own tables say beside the event store (read only with the event-store source): the policy
 * row the most orders were created under, and the travel settings of the zone or of the platform. Null where there
 * is no such table or row.
 *
 * @param policy the row of {@code command.dispatch_policies}
 * @param speedKmh {@code avg_speed_kmh} of the zone's {@code command.zones} row, else of {@code command.pricing_default}
 * @param detourFactor {@code detour_factor}, from the same row
 * @param travelFrom which row the travel settings came from, for the notes
 */
record StoreSettings(PolicyRow policy, Double speedKmh, Double detourFactor, String travelFrom) {

    /** One version of a zone's policy as {@code command.dispatch_policies} keeps it. */
    record PolicyRow(PolicyKey key, Duration offerTimeout, int maxOffers, int radiusMeters, Fallback fallback) {}

    /** Kafka: the log alone. */
    static StoreSettings none() {
        return new StoreSettings(null, null, null, null);
    }
}
