package io.dispatch.simulator.ledger;

/**
 * The travel model of a zone, which the simulated riders ride by (the same figures the fee, the
 * estimates and the dispatch simulator use): its average speed over the straight line times the
 * detour factor. The process that hosts the simulator supplies it from the zones it knows.
 */
@FunctionalInterface
public interface ZoneSpeeds {

    /** Kilometres per hour in {@code zoneId}, or in the platform's default schedule when the zone is unknown or null. */
    double kmh(String zoneId);

    /** The ride's length over the straight line in {@code zoneId} (at least 1); 1 unless the host knows better. */
    default double detourFactor(String zoneId) {
        return 1.0;
    }
}
