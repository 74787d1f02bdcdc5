package io.dispatch.policy.core;

/** The policy a decision was made under, as recorded with the decision. */
public record PolicyRef(String zoneId, Mode mode, long version) {}
