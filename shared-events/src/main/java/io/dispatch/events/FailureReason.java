package io.dispatch.events;

public enum FailureReason {
    CUSTOMER_UNREACHABLE,
    WRONG_ADDRESS,
    REFUSED,
    DAMAGED,
    RIDER_UNAVAILABLE,
    OTHER
}
