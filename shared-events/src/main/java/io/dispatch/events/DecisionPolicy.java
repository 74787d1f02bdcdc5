package io.dispatch.events;

/** The policy a decision followed: the zone whose policy it was, its mode and its version. */
public record DecisionPolicy(String zoneId, String mode, long version) {}
