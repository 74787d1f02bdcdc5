package throughput;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Histograms read from the service's Prometheus text (GET /actuator/prometheus). */
final class PrometheusHistograms {

    private PrometheusHistograms() {}

    /** p50, p90 and p99 of the histogram {@code name} as Markdown: "p50 1.0 ms, p90 2.5 ms, **p99 5.0 ms**". */
    static String percentiles(String metrics, String name) {
        return String.format(
                "p50 %s ms, p90 %s ms, **p99 %s ms**",
                quantile(metrics, name, "0.5"), quantile(metrics, name, "0.9"), quantile(metrics, name, "0.99"));
    }

    /**
     * A percentile of a Prometheus histogram (seconds) in milliseconds, from its cumulative buckets: the upper bound
     * of the first bucket holding the quantile, as histogram_quantile does without interpolating; "?" when absent.
     */
    static String quantile(String metrics, String name, String q) {
        Matcher m = Pattern.compile("^" + name + "_bucket\\{[^}]*le=\"([^\"]+)\"[^}]*} ([0-9.E+-]+)", Pattern.MULTILINE)
                .matcher(metrics);
        List<double[]> buckets = new ArrayList<>();
        while (m.find()) {
            double le = m.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(m.group(1));
            buckets.add(new double[] {le, Double.parseDouble(m.group(2))});
        }
        if (buckets.isEmpty()) return "?";
        buckets.sort(Comparator.comparingDouble(b -> b[0]));
        double total = buckets.get(buckets.size() - 1)[1];
        for (double[] bucket : buckets) {
            if (bucket[1] >= Double.parseDouble(q) * total) {
                return Double.isInfinite(bucket[0]) ? "> max" : String.format("%.1f", 1000 * bucket[0]);
            }
        }
        return "?";
    }
}
