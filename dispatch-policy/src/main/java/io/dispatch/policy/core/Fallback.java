package io.dispatch.policy.core;

/** What RANKED and AUTO_ASSIGN do once offers are exhausted or every candidate declined. */
public enum Fallback {
    OPERATOR_QUEUE,
    BROADCAST
}
