package io.dispatch.planner;

/** A stop on a planned route: when the vehicle arrives and when service starts (later when it waits for ready). */
public record PlannedStop(String jobId, StopKind kind, int location, double arrival, double start) {}
