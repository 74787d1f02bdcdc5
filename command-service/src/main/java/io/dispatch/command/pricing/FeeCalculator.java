package io.dispatch.command.pricing;

/**
 * The fee and travel-time formulas of decisions.md, kept free of I/O so they can be checked
 * against hand-computed figures.
 */
public final class FeeCalculator {

  /** Mean earth radius (IUGG), as decisions.md fixes it. */
  static final double EARTH_RADIUS_METERS = 6_371_008.8;

  private FeeCalculator() {}

  public static long distanceMeters(double lat1, double lng1, double lat2, double lng2) {
    double phi1 = Math.toRadians(lat1);
    double phi2 = Math.toRadians(lat2);
    double dPhi = Math.toRadians(lat2 - lat1);
    double dLambda = Math.toRadians(lng2 - lng1);
    double a = Math.sin(dPhi / 2) * Math.sin(dPhi / 2)
        + Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) * Math.sin(dLambda / 2);
    return Math.round(2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a))));
  }

  public static long feeCents(PricingSchedule schedule, long distanceMeters) {
    long variable = Math.round(schedule.perKmCents() * distanceMeters / 1000.0);
    return Math.max(schedule.minFeeCents(), schedule.baseFeeCents() + variable);
  }

  public static long etaTravelSeconds(PricingSchedule schedule, long distanceMeters) {
    return Math.round(distanceMeters * schedule.detourFactor() / (schedule.avgSpeedKmh() / 3.6));
  }
}
