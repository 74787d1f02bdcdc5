package io.dispatch.command.pricing;

import io.dispatch.events.GreatCircle;

/**
 * The fee and travel-time formulas of decisions.md, kept free of I/O so they can be checked
 * against hand-computed figures.
 */
public final class FeeCalculator {

    private FeeCalculator() {}

    /** The great-circle distance of decisions.md ({@link GreatCircle}). */
    public static long distanceMeters(double lat1, double lng1, double lat2, double lng2) {
        return GreatCircle.distanceMeters(lat1, lng1, lat2, lng2);
    }

    public static long feeCents(PricingSchedule schedule, long distanceMeters) {
        long variable = Math.round(schedule.perKmCents() * distanceMeters / 1000.0);
        return Math.max(schedule.minFeeCents(), schedule.baseFeeCents() + variable);
    }

    public static long etaTravelSeconds(PricingSchedule schedule, long distanceMeters) {
        return Math.round(distanceMeters * schedule.detourFactor() / (schedule.avgSpeedKmh() / 3.6));
    }
}
