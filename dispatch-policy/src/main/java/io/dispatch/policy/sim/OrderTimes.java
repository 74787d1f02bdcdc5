package io.dispatch.policy.sim;

/**
 * One order's times in milliseconds after the day's start, null for what never happened: what section 14's figures
 * are made of, for a simulated day ({@link Simulation}) and for a day read from the log (log-report --scenario) alike.
 */
public record OrderTimes(long placedAt, long readyAt, Long assignedAt, Long pickedUpAt, Long deliveredAt) {}
