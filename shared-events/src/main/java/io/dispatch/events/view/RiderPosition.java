package io.dispatch.events.view;

import java.time.Instant;

/** The rider's last reported fix; {@code recordedAt} is when the device took it. */
public record RiderPosition(double latitude, double longitude, Instant recordedAt) {}
