package io.dispatch.simulator.ledger;

/**
 * The average speed of a zone, which the simulated riders ride at (the same figure the fee and the
 * estimates use). The process that hosts the simulator supplies it from the zones it knows.
 */
@FunctionalInterface
public interface ZoneSpeeds {

    /** Kilometres per hour in {@code zoneId}, or in the platform's default schedule when the zone is unknown or null. */
    double kmh(String zoneId);
}
