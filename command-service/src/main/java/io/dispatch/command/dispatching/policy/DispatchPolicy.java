package io.dispatch.command.dispatching.policy;

import io.dispatch.events.DecisionPolicy;
import java.time.Duration;
import java.time.Instant;

/**
 * One version of a zone's dispatching policy (decisions.md §14). Version 0 is the built-in one of
 * zone {@code default}: MANUAL, so riders' clients written before dispatching keep working until
 * an operator turns it on.
 */
public record DispatchPolicy(
        String zoneId,
        DispatchMode mode,
        Duration offerTimeout,
        int maxOffers,
        int radiusMeters,
        Fallback fallback,
        long version,
        Instant updatedAt) {

    public static final String DEFAULT_ZONE = "default";
    public static final Duration DEFAULT_OFFER_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_MAX_OFFERS = 5;
    public static final int DEFAULT_RADIUS_METERS = 5000;

    /** How riders get a delivery; BATCHED plans routes (decisions.md §15). */
    public enum DispatchMode {
        MANUAL,
        BROADCAST,
        RANKED,
        AUTO_ASSIGN,
        BATCHED
    }

    /** Where a delivery goes when ranked offers run out. */
    public enum Fallback {
        OPERATOR_QUEUE,
        BROADCAST
    }

    public static DispatchPolicy builtIn() {
        return new DispatchPolicy(
                DEFAULT_ZONE,
                DispatchMode.MANUAL,
                DEFAULT_OFFER_TIMEOUT,
                DEFAULT_MAX_OFFERS,
                DEFAULT_RADIUS_METERS,
                Fallback.OPERATOR_QUEUE,
                0,
                null);
    }

    /** What a delivery records of the policy it follows. */
    public DecisionPolicy reference() {
        return new DecisionPolicy(zoneId, mode.name(), version);
    }
}
