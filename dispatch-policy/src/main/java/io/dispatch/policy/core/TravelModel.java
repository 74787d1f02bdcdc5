package io.dispatch.policy.core;

/**
 * How long travel takes in a zone: the great-circle distance times {@code detourFactor} (streets are not straight)
 * at {@code speedKmh}. The simulator moves its riders with the same model, so decisions and outcomes agree.
 */
public record TravelModel(double detourFactor, double speedKmh) {

    public TravelModel {
        if (!(detourFactor >= 1.0) || !(speedKmh > 0)) {
            throw new IllegalArgumentException("detourFactor >= 1 and speedKmh > 0: " + detourFactor + ", " + speedKmh);
        }
    }

    public double meters(Point from, Point to) {
        return from.greatCircleMeters(to) * detourFactor;
    }

    public double seconds(Point from, Point to) {
        return meters(from, to) / (speedKmh / 3.6);
    }
}
