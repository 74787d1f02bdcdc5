package throughput;

import common.Orders;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/** G2: bulk creates of 500, one after another, timed to the 201. */
final class BulkCreates {

    private BulkCreates() {}

    static void run(Harness run) throws Exception {
        List<String> keys = run.keys(40);
        String orders = Orders.bulk(500);
        int runs = run.i("runs", 20);
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        double[] x = new double[runs];
        double[] y = new double[runs];
        for (int attempt = -2; attempt < runs; attempt++) { // two warm-up runs
            long t = System.nanoTime();
            HttpResponse<String> r = run.bulkCreate(keys.get((attempt + 2) % keys.size()), orders);
            long ns = System.nanoTime() - t;
            if (!r.body().contains("\"count\":500")) throw new IllegalStateException("bulk answered " + r.body());
            if (attempt >= 0) {
                h.recordValue(ns);
                x[attempt] = attempt + 1;
                y[attempt] = ns / 1e6;
            }
        }
        double p50 = h.getValueAtPercentile(50) / 1e6;
        run.md.append(String.format(
                "- G2 bulk of 500, %d runs one after another (after 2 warm-up runs): p50 %.0f ms%s, "
                        + "p99 %.0f ms, min %.0f ms, max %.0f ms; at p50 that is %.0f deliveries/s = %s%n",
                runs,
                p50,
                run.baselines.latencyRatio(p50),
                h.getValueAtPercentile(99) / 1e6,
                h.getMinValue() / 1e6,
                h.getMaxValue() / 1e6,
                500_000 / p50,
                run.baselines.ratios(500_000 / p50)));
        SvgChart.write(
                run.out() + "-g2-bulk.svg",
                "G2 bulk of 500: time to the 201 per run",
                "run",
                "ms",
                false,
                List.of(
                        new SvgChart.Series("time to 201", x, y),
                        new SvgChart.Series(
                                "target 250 ms",
                                x,
                                Arrays.stream(x).map(v -> 250).toArray())));
        run.md.append(String.format("%n![bulk](%s)%n%n", SvgChart.fileName(run.out() + "-g2-bulk.svg")));
    }
}
