package io.dispatch.policy.sim;

/** Section 14's figures of a simulated day, in the order and with the names the JSON prints. */
public record SimReport(
        int orders,
        int delivered,
        int neverAssigned,
        Spread clickToDoorSeconds,
        Spread readyToPickupSeconds,
        Percentiles timeToAssignSeconds,
        double lateShare,
        double ordersPerRiderHour,
        double metersPerOrder,
        Offers offers,
        double wallSeconds) {

    public record Spread(double mean, double p50, double p90) {}

    public record Percentiles(double p50, double p90) {}

    public record Offers(long made, long declined, long expired) {}
}
