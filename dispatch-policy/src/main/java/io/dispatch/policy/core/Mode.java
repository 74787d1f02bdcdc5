package io.dispatch.policy.core;

/**
 * How a zone's deliveries find a rider (decisions.md section 14). {@link #BATCHED} is the route planner's (section
 * 15): the delivery is inserted into the eligible riders' routes where it adds least, and assigned at once.
 */
public enum Mode {
    MANUAL,
    BROADCAST,
    RANKED,
    AUTO_ASSIGN,
    BATCHED;

    /** Whether the core itself chooses riders for deliveries under this mode. */
    public boolean automatic() {
        return this != MANUAL;
    }
}
