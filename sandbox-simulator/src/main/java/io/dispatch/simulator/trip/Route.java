package io.dispatch.simulator.trip;

import io.dispatch.events.GreatCircle;
import java.time.Duration;

/**
 * A simulated rider's ride: a straight line from one point to another at a constant speed. The
 * position is interpolated linearly in latitude and longitude, which at city distances is the
 * straight line on the map the customer watches.
 */
public record Route(double fromLat, double fromLng, double toLat, double toLng, double speedKmh) {

    /** A point on the way. */
    public record Point(double lat, double lng) {}

    public Route {
        if (!(speedKmh > 0)) {
            throw new IllegalArgumentException("speed must be positive, was " + speedKmh);
        }
    }

    /** Great-circle length, the same formula the fee uses. */
    public long distanceMeters() {
        return GreatCircle.distanceMeters(fromLat, fromLng, toLat, toLng);
    }

    /** How long the ride takes in the simulated world. */
    public Duration travelTime() {
        return Duration.ofMillis(Math.round(distanceMeters() / (speedKmh / 3.6) * 1000));
    }

    /** Where the rider is after {@code fraction} (clamped to 0..1) of the ride. */
    public Point at(double fraction) {
        double f = Math.max(0, Math.min(1, fraction));
        return new Point(fromLat + (toLat - fromLat) * f, fromLng + (toLng - fromLng) * f);
    }
}
