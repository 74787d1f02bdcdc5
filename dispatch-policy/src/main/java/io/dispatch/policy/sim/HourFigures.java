package io.dispatch.policy.sim;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * Click-to-door of the orders placed in one hour (UTC) of the day: the console's chart of a comparison, per policy.
 *
 * @param hour the start of the hour
 * @param orders orders placed in it
 * @param delivered of them, delivered
 * @param meanClickToDoorSeconds mean click-to-door of the delivered ones (0 when none)
 * @param p90ClickToDoorSeconds their 90th percentile (nearest rank)
 */
public record HourFigures(
        Instant hour, int orders, int delivered, double meanClickToDoorSeconds, double p90ClickToDoorSeconds) {

    /** Every hour from the first order's to the last order's, empty hours included, in order. */
    public static List<HourFigures> of(Instant startAt, List<OrderTimes> orders) {
        TreeMap<Instant, List<OrderTimes>> byHour = new TreeMap<>();
        for (OrderTimes order : orders) {
            Instant hour = startAt.plusMillis(order.placedAt()).truncatedTo(ChronoUnit.HOURS);
            byHour.computeIfAbsent(hour, key -> new ArrayList<>()).add(order);
        }
        List<HourFigures> hours = new ArrayList<>();
        if (byHour.isEmpty()) {
            return hours;
        }
        for (Instant hour = byHour.firstKey(); !hour.isAfter(byHour.lastKey()); hour = hour.plus(1, ChronoUnit.HOURS)) {
            List<OrderTimes> placed = byHour.getOrDefault(hour, List.of());
            double[] seconds = placed.stream()
                    .filter(order -> order.deliveredAt() != null)
                    .mapToDouble(order -> (order.deliveredAt() - order.placedAt()) / 1000.0)
                    .sorted()
                    .toArray();
            double mean = seconds.length == 0 ? 0 : Arrays.stream(seconds).sum() / seconds.length;
            hours.add(new HourFigures(
                    hour,
                    placed.size(),
                    seconds.length,
                    Math.round(mean * 10) / 10.0,
                    Figures.percentile(seconds, 90)));
        }
        return hours;
    }
}
