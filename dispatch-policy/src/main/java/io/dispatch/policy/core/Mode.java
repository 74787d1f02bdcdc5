package io.dispatch.policy.core;

/**
 * How a zone's deliveries find a rider (decisions.md section 14). {@link #BATCHED} belongs to the route planner
 * (section 15), which does not exist yet: the core gives such deliveries no decisions and lists them as MANUAL.
 */
public enum Mode {
    MANUAL,
    BROADCAST,
    RANKED,
    AUTO_ASSIGN,
    BATCHED;

    /** Whether the core itself chooses riders for deliveries under this mode. */
    public boolean automatic() {
        return this == BROADCAST || this == RANKED || this == AUTO_ASSIGN;
    }
}
