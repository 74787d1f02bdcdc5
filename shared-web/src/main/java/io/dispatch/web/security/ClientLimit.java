package io.dispatch.web.security;

/**
 * A per-client-address limit that routes without a credential are counted under, each with buckets
 * of its own (keys {@code <bucketPrefix>:<address>}); its figure per minute is a setting of
 * {@code dispatch.rate-limit} ({@code RateLimitProperties.perMinute}). Modules name which of
 * their routes count under which ({@link ServedRoutes#limitedPerClient}).
 */
public enum ClientLimit {
    /** The tracking routes ({@code public-per-minute}); its buckets keep the keys they always had. */
    TRACKING("ip"),
    /** The store webhook receivers ({@code integrations-per-minute}). */
    INTEGRATIONS("integrations-ip"),
    /** Signup and the sign-ins, together ({@code sign-in-per-minute}). */
    SIGN_IN("sign-in-ip");

    private final String bucketPrefix;

    ClientLimit(String bucketPrefix) {
        this.bucketPrefix = bucketPrefix;
    }

    public String bucketPrefix() {
        return bucketPrefix;
    }
}
