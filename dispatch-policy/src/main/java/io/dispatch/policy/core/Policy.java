package io.dispatch.policy.core;

import java.time.Duration;
import java.util.Objects;

/** A zone's dispatch policy; {@code version} grows by one per change, and decisions name the version they used. */
public record Policy(
        String zoneId,
        Mode mode,
        Duration offerTimeout,
        int maxOffers,
        int radiusMeters,
        Fallback fallback,
        long version) {

    /** The zone whose policy applies to every zone without its own. */
    public static final String DEFAULT_ZONE = "default";

    public Policy {
        Objects.requireNonNull(zoneId, "zoneId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(offerTimeout, "offerTimeout");
        Objects.requireNonNull(fallback, "fallback");
        if (offerTimeout.isNegative() || offerTimeout.isZero()) {
            throw new IllegalArgumentException("offerTimeout must be positive: " + offerTimeout);
        }
        if (maxOffers < 1) {
            throw new IllegalArgumentException("maxOffers must be at least 1: " + maxOffers);
        }
        if (radiusMeters < 1) {
            throw new IllegalArgumentException("radiusMeters must be at least 1: " + radiusMeters);
        }
    }

    /** Out of the box: MANUAL, so existing rider clients keep working until an operator turns dispatching on. */
    public static Policy defaults(String zoneId) {
        return new Policy(zoneId, Mode.MANUAL, Duration.ofSeconds(30), 5, 5000, Fallback.OPERATOR_QUEUE, 0);
    }

    public PolicyRef ref() {
        return new PolicyRef(zoneId, mode, version);
    }
}
