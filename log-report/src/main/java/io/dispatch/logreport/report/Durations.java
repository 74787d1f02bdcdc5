package io.dispatch.logreport.report;

import java.util.Arrays;

/** Durations in milliseconds, kept whole so the percentiles are exact (nearest rank). */
final class Durations {

    private long[] values = new long[64];
    private int size;

    void add(long millis) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = millis;
    }

    Report.Percentiles summary() {
        long[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        return new Report.Percentiles(size, rank(sorted, 50), rank(sorted, 90), rank(sorted, 99));
    }

    /** The smallest value with at least {@code percent} % of the values at or below it; null when none. */
    private static Long rank(long[] sorted, int percent) {
        if (sorted.length == 0) {
            return null;
        }
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(1, rank) - 1];
    }
}
