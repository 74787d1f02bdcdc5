package io.dispatch.planner;

public enum StopKind {
    PICKUP,
    DROPOFF
}
