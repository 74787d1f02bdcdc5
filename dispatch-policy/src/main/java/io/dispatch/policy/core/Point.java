package io.dispatch.policy.core;

/** A position in degrees (WGS 84). */
public record Point(double lat, double lng) {

    private static final double EARTH_RADIUS_METERS = 6_371_008.8;

    public Point {
        if (!(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) {
            throw new IllegalArgumentException("not a position: " + lat + "," + lng);
        }
    }

    /** Great-circle (haversine) distance: the straight line the travel model starts from. */
    public double greatCircleMeters(Point other) {
        double lat1 = Math.toRadians(lat);
        double lat2 = Math.toRadians(other.lat);
        double deltaLat = lat2 - lat1;
        double deltaLng = Math.toRadians(other.lng - lng);
        double h = Math.sin(deltaLat / 2) * Math.sin(deltaLat / 2)
                + Math.cos(lat1) * Math.cos(lat2) * Math.sin(deltaLng / 2) * Math.sin(deltaLng / 2);
        return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
    }
}
