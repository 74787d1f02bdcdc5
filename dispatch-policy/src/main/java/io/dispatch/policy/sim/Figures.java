package io.dispatch.policy.sim;

import java.util.Arrays;
import java.util.List;

/** Turns a simulated day's times into section 14's figures. */
public final class Figures {

    private Figures() {}

    static SimReport of(
            Scenario scenario,
            List<SimOrder> orders,
            List<SimRider> riders,
            SimAggregate.OfferCounts offers,
            double wallSeconds) {
        double meters = 0;
        double shiftHours = 0;
        for (SimRider rider : riders) {
            meters += rider.meters;
            shiftHours += (rider.rider.offAt() - rider.rider.onAt()) / 3600.0;
        }
        return of(
                scenario.targetClickToDoorSeconds(),
                times(orders),
                meters,
                shiftHours,
                new SimReport.Offers(offers.made(), offers.declined(), offers.expired()),
                wallSeconds);
    }

    /** The simulated orders' times. */
    static List<OrderTimes> times(List<SimOrder> orders) {
        return orders.stream()
                .map(order -> new OrderTimes(
                        order.order.placedAt() * 1000,
                        order.readyAtMillis(),
                        order.assignedAt,
                        order.pickedUpAt,
                        order.deliveredAt))
                .toList();
    }

    /**
     * Section 14's figures of a day, simulated or recorded: {@code meters} ridden by all riders, {@code shiftHours}
     * their shifts' length together.
     */
    public static SimReport of(
            int targetClickToDoorSeconds,
            List<OrderTimes> orders,
            double meters,
            double shiftHours,
            SimReport.Offers offers,
            double wallSeconds) {
        int delivered = 0;
        int neverAssigned = 0;
        int late = 0;
        double[] clickToDoor = new double[orders.size()];
        double[] readyToPickup = new double[orders.size()];
        double[] timeToAssign = new double[orders.size()];
        int assigned = 0;
        for (OrderTimes order : orders) {
            long placed = order.placedAt();
            if (order.assignedAt() == null) {
                neverAssigned++;
            } else {
                timeToAssign[assigned++] = (order.assignedAt() - placed) / 1000.0;
            }
            if (order.deliveredAt() != null) {
                double seconds = (order.deliveredAt() - placed) / 1000.0;
                clickToDoor[delivered] = seconds;
                readyToPickup[delivered] = (order.pickedUpAt() - order.readyAt()) / 1000.0;
                delivered++;
                if (seconds > targetClickToDoorSeconds) {
                    late++;
                }
            }
        }
        return new SimReport(
                orders.size(),
                delivered,
                neverAssigned,
                spread(Arrays.copyOf(clickToDoor, delivered)),
                spread(Arrays.copyOf(readyToPickup, delivered)),
                percentiles(Arrays.copyOf(timeToAssign, assigned)),
                round(delivered == 0 ? 0 : (double) late / delivered, 4),
                round(shiftHours == 0 ? 0 : delivered / shiftHours, 3),
                round(delivered == 0 ? 0 : meters / delivered, 1),
                offers,
                round(wallSeconds, 2));
    }

    private static SimReport.Spread spread(double[] values) {
        Arrays.sort(values);
        double mean = values.length == 0 ? 0 : Arrays.stream(values).sum() / values.length;
        return new SimReport.Spread(round(mean, 1), percentile(values, 50), percentile(values, 90));
    }

    private static SimReport.Percentiles percentiles(double[] values) {
        Arrays.sort(values);
        return new SimReport.Percentiles(percentile(values, 50), percentile(values, 90));
    }

    /** Nearest rank on sorted values. */
    static double percentile(double[] sorted, int percent) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return round(sorted[Math.max(0, rank - 1)], 1);
    }

    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
