package io.dispatch.events;

/**
 * The distance between two points as decisions.md fixes it (haversine on the mean earth
 * radius), in one place: the fee charges it and the sandbox simulator rides it.
 */
public final class GreatCircle {

    /** Mean earth radius (IUGG), as decisions.md fixes it. */
    public static final double EARTH_RADIUS_METERS = 6_371_008.8;

    private GreatCircle() {}

    /** Whole metres along the great circle. */
    public static long distanceMeters(double lat1, double lng1, double lat2, double lng2) {
        double phi1 = Math.toRadians(lat1);
        double phi2 = Math.toRadians(lat2);
        double dPhi = Math.toRadians(lat2 - lat1);
        double dLambda = Math.toRadians(lng2 - lng1);
        double a = Math.sin(dPhi / 2) * Math.sin(dPhi / 2)
                + Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) * Math.sin(dLambda / 2);
        return Math.round(2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a))));
    }
}
