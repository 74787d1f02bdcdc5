package throughput;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** G1: creates at a fixed arrival rate, and a sweep of rates to find where latency breaks away. */
final class CreateRates {

    private CreateRates() {}

    static void fixed(Harness run) throws Exception {
        List<String> keys = run.warmedUpKeys();
        int rate = run.i("rate", 500);
        int seconds = run.i("seconds", 60);
        LoadStep s = OpenLoop.run(run.service, rate, seconds, n -> run.createRequest(keys.get(n % keys.size())), null);
        run.md.append(StepReport.summary(run, "G1 creates (" + keys.size() + " API keys)", s));
        StepReport.timeCharts(run, "g1-creates-" + rate, "G1 creates at " + rate + "/s", s, null, null);
    }

    static void sweep(Harness run) throws Exception {
        List<String> keys = run.warmedUpKeys();
        int step = run.i("step", 20);
        double target = Double.parseDouble(run.text("target", "50"));
        List<LoadStep> steps = new ArrayList<>();
        run.md.append(String.format(
                "%n| offered /s | achieved ok/s | p50 ms | p90 ms | p99 ms | max ms | errors | service CPU | ratio |%n"
                        + "|---|---|---|---|---|---|---|---|---|%n"));
        int failing = 0;
        for (String r : run.text("rates", "25,50,100,150,200,300,500,700").split(",")) {
            LoadStep s = OpenLoop.run(
                    run.service,
                    Integer.parseInt(r.trim()),
                    step,
                    n -> run.createRequest(keys.get(n % keys.size())),
                    null);
            steps.add(s);
            double achieved = s.ok() / s.elapsed;
            run.md.append(String.format(
                    "| %d | %.0f | %.1f | %.1f | %.1f | %.1f | %d | %.0f %% | %s |%n",
                    s.rate,
                    achieved,
                    s.p(50),
                    s.p(90),
                    s.p(99),
                    s.p(100),
                    s.errors(),
                    s.cpu < 0 ? 0 : 100 * s.cpu / s.elapsed,
                    run.baselines.ratios(achieved)));
            System.err.printf("sweep %d/s: p99 %.1f ms, %d errors%n", s.rate, s.p(99), s.errors());
            boolean carried = s.errors() == 0 && achieved >= 0.95 * s.rate && s.p(99) <= 2000;
            failing = carried ? 0 : failing + 1;
            if (failing >= 2 || s.p(99) > 20_000) break; // past the knee: further steps only queue up
            Waits.pause(Duration.ofSeconds(5)); // let a backlog drain between steps
        }
        int saturation = 0;
        int capacity = 0;
        for (LoadStep s : steps) {
            if (s.errors() == 0 && s.p(99) <= target) saturation = Math.max(saturation, s.rate);
            if (s.errors() == 0 && s.ok() / s.elapsed >= 0.95 * s.rate && s.p(99) <= 1000)
                capacity = Math.max(capacity, s.rate);
        }
        run.md.append(String.format(
                "%n- saturation (highest offered rate with p99 ≤ %.0f ms and 0 errors): **%d/s** = %s%n",
                target, saturation, run.baselines.ratios(saturation)));
        run.md.append(String.format(
                "- highest rate carried (0 errors, ≥ 95 %% achieved, p99 ≤ 1 s): %d/s = %s%n",
                capacity, run.baselines.ratios(capacity)));
        double[] x = steps.stream().mapToDouble(s -> s.rate).toArray();
        SvgChart.write(
                run.out() + "-g1-sweep-latency.svg",
                "G1 creates: latency percentiles against the offered rate",
                "offered creates/s",
                "ms from the scheduled send (log)",
                true,
                List.of(
                        new SvgChart.Series(
                                "p50",
                                x,
                                steps.stream().mapToDouble(s -> s.p(50)).toArray()),
                        new SvgChart.Series(
                                "p90",
                                x,
                                steps.stream().mapToDouble(s -> s.p(90)).toArray()),
                        new SvgChart.Series(
                                "p99",
                                x,
                                steps.stream().mapToDouble(s -> s.p(99)).toArray()),
                        new SvgChart.Series(
                                "max",
                                x,
                                steps.stream().mapToDouble(s -> s.p(100)).toArray()),
                        new SvgChart.Series(
                                "target p99",
                                x,
                                steps.stream().mapToDouble(s -> target).toArray())));
        SvgChart.write(
                run.out() + "-g1-sweep-rate.svg",
                "G1 creates: achieved against offered",
                "offered creates/s",
                "creates/s",
                false,
                List.of(
                        new SvgChart.Series("offered", x, x),
                        new SvgChart.Series(
                                "achieved 2xx/s",
                                x,
                                steps.stream()
                                        .mapToDouble(s -> s.ok() / s.elapsed)
                                        .toArray())));
        run.md.append(String.format(
                "%n![sweep latency](%s) ![sweep rate](%s)%n%n",
                SvgChart.fileName(run.out() + "-g1-sweep-latency.svg"),
                SvgChart.fileName(run.out() + "-g1-sweep-rate.svg")));
    }
}
