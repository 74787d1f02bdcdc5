package throughput;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/** A load step written into the run's Markdown: its summary lines and its charts over time. */
final class StepReport {

    private StepReport() {}

    /** The step's rate, latency percentiles, answers, CPU and a few failures, as Markdown list items. */
    static String summary(Harness run, String what, LoadStep s) {
        return summary(run, what, s, "");
    }

    /** As {@link #summary(Harness, String, LoadStep)}, with the scenario's own figure in the run summary. */
    static String summary(Harness run, String what, LoadStep s, String extra) {
        StringBuilder b = new StringBuilder();
        double achieved = s.ok() / s.elapsed;
        b.append(String.format(
                "- %s: %d at %d/s for %d s (done in %.1f s: %.1f ok/s = %s)%n",
                what, s.total(), s.rate, s.seconds, s.elapsed, achieved, run.baselines.ratios(achieved)));
        b.append(String.format(
                "  - latency from the scheduled send: p50 %.1f ms%s, p90 %.1f ms, p99 %.1f ms%s, "
                        + "p99.9 %.1f ms, max %.1f ms%n",
                s.p(50),
                run.baselines.latencyRatio(s.p(50)),
                s.p(90),
                s.p(99),
                run.baselines.latencyRatio(s.p(99)),
                s.p(99.9),
                s.p(100)));
        b.append(String.format(
                "  - answers %s (-1 transport error or no answer within the client's timeout, -2 not sent: %d already in flight); errors %d; "
                        + "generator at most %d ms late on a send%n",
                new TreeMap<>(s.statuses), OpenLoop.MAX_IN_FLIGHT, s.errors(), s.maxLateMs));
        if (s.cpu >= 0) {
            b.append(String.format(
                    "  - service JVM CPU %.1f s over %.1f s = %.0f %% of one core; %.1f ms CPU per ok request%n",
                    s.cpu, s.elapsed, 100 * s.cpu / s.elapsed, 1000 * s.cpu / Math.max(1, s.ok())));
        }
        b.append(s.machine);
        b.append(runSummary(what, s, extra));
        synchronized (s.failures) {
            for (String f : s.failures)
                b.append("  - e.g. `")
                        .append(f.replace('\n', ' ').replace('`', '\''))
                        .append("`\n");
        }
        return b.toString();
    }

    /**
     * The step as one line that bench/throughput.sh takes out of the Markdown and gathers across the runs of a
     * scenario into one table with medians: {@code RUN_SUMMARY|what|ok/s|p50|p90|p99|errors|service CPU ms|machine
     * CPU ms|extra}, milliseconds; {@code extra} is the scenario's own figure, if any.
     */
    static String runSummary(String what, LoadStep s, String extra) {
        java.util.regex.Matcher machine =
                java.util.regex.Pattern.compile("across the machine: ([0-9.]+) ms").matcher(s.machine);
        return String.format(
                "RUN_SUMMARY|%s|%.1f|%.1f|%.1f|%.1f|%d|%.1f|%s|%s%n",
                what,
                s.ok() / s.elapsed,
                s.p(50),
                s.p(90),
                s.p(99),
                s.errors(),
                s.cpu < 0 ? Double.NaN : 1000 * s.cpu / Math.max(1, s.ok()),
                machine.find() ? machine.group(1) : "?",
                extra);
    }

    /** Throughput over time (sent, ok, errors per second, and {@code extraSeries} if any) and latency over time. */
    static void timeCharts(Harness run, String name, String title, LoadStep s, double[] extraSeries, String extraName)
            throws IOException {
        int n = s.seconds + 5;
        for (int k = s.okPerSecond.length() - 1; k > n; k--) {
            if (s.okPerSecond.get(k) > 0 || s.errorsPerSecond.get(k) > 0) {
                n = k + 1;
                break;
            }
        }
        double[] x = new double[n];
        double[] sent = new double[n];
        double[] ok = new double[n];
        double[] err = new double[n];
        double[] p50 = new double[n];
        double[] p99 = new double[n];
        for (int k = 0; k < n; k++) {
            x[k] = k;
            sent[k] = s.sentPerSecond.get(k);
            ok[k] = s.okPerSecond.get(k);
            err[k] = s.errorsPerSecond.get(k);
            p50[k] = s.perSecond[k].getTotalCount() == 0 ? Double.NaN : s.perSecond[k].getValueAtPercentile(50) / 1e6;
            p99[k] = s.perSecond[k].getTotalCount() == 0 ? Double.NaN : s.perSecond[k].getValueAtPercentile(99) / 1e6;
        }
        List<SvgChart.Series> rate = new ArrayList<>(List.of(
                new SvgChart.Series("sent/s", x, sent),
                new SvgChart.Series("2xx/s", x, ok),
                new SvgChart.Series("errors/s", x, err)));
        if (extraSeries != null) rate.add(new SvgChart.Series(extraName, x, Arrays.copyOf(extraSeries, n)));
        String rateFile = run.out() + "-" + name + "-rate.svg";
        String latencyFile = run.out() + "-" + name + "-latency.svg";
        SvgChart.write(rateFile, title + ": throughput over time", "seconds", "per second", false, rate);
        SvgChart.write(
                latencyFile,
                title + ": latency over time (by completion second)",
                "seconds",
                "ms (log)",
                true,
                List.of(new SvgChart.Series("p50", x, p50), new SvgChart.Series("p99", x, p99)));
        run.md.append(String.format(
                "%n![%s throughput](%s) ![%s latency](%s)%n%n",
                name, SvgChart.fileName(rateFile), name, SvgChart.fileName(latencyFile)));
    }
}
