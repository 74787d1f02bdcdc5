package io.dispatch.logreport.scenario;

import java.util.Arrays;
import java.util.Collection;

/** The median the derivations use: nearest rank, as the simulator's percentiles are. */
final class Medians {

    private Medians() {}

    /** The nearest-rank median of {@code values}; null when there are none. */
    static Long of(Collection<Long> values) {
        if (values.isEmpty()) {
            return null;
        }
        long[] sorted = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(sorted.length / 2.0);
        return sorted[Math.max(0, rank - 1)];
    }
}
