package common;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Nearest-rank percentiles of a list of measurements (for the harnesses that keep every value). */
public final class Percentiles {

    private Percentiles() {}

    /** The {@code p}th percentile (0 the least, 100 the greatest) of {@code values}, which must not be empty. */
    public static double of(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
