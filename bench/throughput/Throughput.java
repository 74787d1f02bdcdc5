package throughput;

import java.util.Arrays;
import java.util.Locale;

/**
 * The throughput harness of issue 17 against a running local run (bench/throughput.sh starts one
 * per scenario and passes the arguments). Open-model load: request i is due at start + i / rate and
 * its latency is measured from that scheduled time, so a generator or service that falls behind
 * shows as latency, not as a lower rate. Latencies go into HdrHistograms; every non-2xx answer and
 * every transport error (timeout 30 s) counts as an error. Each scenario prints a Markdown section
 * and writes its SVG charts next to it. One class a scenario; the load generator is OpenLoop.
 *
 *   java -cp 'bench/lib/*' bench/throughput/Throughput.java <scenario> key=value ...
 *   common keys: base= admin= pid=(service JVM) out=(chart path prefix) bpg=(pgbench tx/s) bhttp=(ping req/s)
 *                bhttp1=(ping p50 ms, one connection)
 *   http      seconds= connections=            B_http: POST /api/v1/external/ping (API key, rate limit), closed loop
 *   creates   rate= seconds= keys=              G1: creates at a fixed arrival rate
 *   sweep     rates=25,50,100,... step= keys= target=50   G1: one step per rate, saturation = highest rate with
 *                                               p99 <= target, 0 errors and the rate achieved
 *   bulk      runs=                             G2: bulks of 500 one after another, time to the 201
 *   webhook   rate= seconds=                    G3: create -> webhook received
 *   steady    rate=300 seconds=300              issue 37: G3 held for 5 minutes, counted only if the pipeline kept up
 *                                               (SteadyCheck: every webhook within 10 s of its create; lag 0 and
 *                                               every notification delivered 10 s after the load)
 *   readafter rate= seconds= jdbc=              G4: GET right after each 201 (404s), projection lag by polling
 *                                               query.dispatches for the created ids every 5 ms
 *   drain     endpoints= per= delay= dead= deadmode=hang|refuse window=   G6: webhook drain of a backlog
 *   recovery  endpoints= per= delay=            issue 19: an endpoint comes back to its kept notifications
 *   dispatch  rate= seconds= riders= report= hold=   issue 33: the dispatch engine's decision latency at a create
 *                                               rate with riders on shift reporting their positions
 */
public class Throughput {

    private Throughput() {}

    public static void main(String[] args) throws Exception {
        LoadAverage.markStart();
        Locale.setDefault(Locale.ROOT);
        long wallStart = System.nanoTime();
        Harness run = Harness.of(Arrays.asList(args).subList(1, args.length));
        switch (args[0]) {
            case "http" -> PingBaseline.run(run);
            case "creates" -> CreateRates.fixed(run);
            case "sweep" -> CreateRates.sweep(run);
            case "bulk" -> BulkCreates.run(run);
            case "webhook" -> CreateToWebhook.run(run);
            case "steady" -> CreateToWebhook.steady(run);
            case "readafter" -> ReadAfterCreate.run(run);
            case "drain" -> WebhookDrain.run(run);
            case "recovery" -> WebhookRecovery.run(run);
            case "dispatch" -> EngineDecisions.run(run);
            default -> throw new IllegalArgumentException(args[0]);
        }
        double wall = (System.nanoTime() - wallStart) / 1e9;
        double cpu = CpuSnapshot.generatorSeconds();
        int cores = Runtime.getRuntime().availableProcessors();
        run.md.append(String.format(
                "- load generator (this JVM, JIT and setup included): %.1f s CPU over %.1f s wall = "
                        + "%.0f %% of one core, %.0f %% of the machine's %d cores; load average now %s%n",
                cpu, wall, 100 * cpu / wall, 100 * cpu / wall / cores, cores, LoadAverage.now()));
        System.out.print(run.md);
    }
}
