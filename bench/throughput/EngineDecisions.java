package throughput;

import common.BenchHttp;
import common.Orders;
import java.net.URI;
import java.net.http.HttpRequest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Issue 33: the dispatch engine's decision latency at a create rate, riders on shift reporting positions. */
final class EngineDecisions {

    private EngineDecisions() {}

    /**
     * Issue 33: the dispatch engine's decision latency. nairobi-cbd is made RANKED; riders= riders go on shift in it
     * and report their position every report= s (staggered); creates arrive at rate= for seconds= with pickups spread
     * over the zone; an operator fails each delivery hold= s after its 201 (that ends any open offer and frees the
     * rider: the bench's riders do not ride). Figures: the engine's own timers (a record's arrival at the engine to
     * the decision out of its core, and to the decision stored by the aggregate; Micrometer's percentiles over the
     * last two minutes, read at the end) and, from the read model over JDBC, creation to the offer in the log for
     * the deliveries offered at once (their first decision an offer).
     */
    static void run(Harness run) throws Exception {
        int riders = run.i("riders", 200);
        int report = run.i("report", 5);
        int rate = run.i("rate", 100);
        int seconds = run.i("seconds", 60);
        long holdMillis = Math.round(1000 * Double.parseDouble(run.text("hold", "1.5")));
        Map<String, String> operator = Map.of("X-Admin-Token", run.admin);
        run.call(
                "PUT",
                "/api/v1/admin/dispatch/policies/nairobi-cbd",
                operator,
                "{\"mode\":\"RANKED\",\"offerTimeout\":\"PT30S\"}");
        Random random = new Random(33);
        List<String> tokens = new ArrayList<>();
        List<double[]> places = new ArrayList<>();
        for (int r = 0; r < riders; r++) {
            String created = run.call(
                            "POST",
                            "/api/v1/admin/riders",
                            operator,
                            "{\"name\":\"Bench rider " + r + "\",\"phone\":\"+254 711 000 000\"}")
                    .body();
            String token = BenchHttp.field(created, "token");
            tokens.add(token);
            places.add(inCbd(random));
            run.call("POST", "/api/v1/rider/shift", Map.of("X-Rider-Token", token), "{\"status\":\"ON\"}");
        }
        ScheduledExecutorService reporters = Executors.newScheduledThreadPool(4);
        for (int r = 0; r < riders; r++) {
            String token = tokens.get(r);
            double[] at = places.get(r);
            reporters.scheduleAtFixedRate(
                    () -> {
                        try {
                            run.call(
                                    "POST",
                                    "/api/v1/rider/location",
                                    Map.of("X-Rider-Token", token),
                                    "{\"lat\":" + (at[0] + (random.nextDouble() - 0.5) * 1e-4) + ",\"lng\":" + at[1]
                                            + "}");
                        } catch (Exception e) {
                            // a missed report only makes the rider's position older
                        }
                    },
                    (long) r * report * 1000 / riders,
                    report * 1000L,
                    TimeUnit.MILLISECONDS);
        }
        Waits.until(() -> eligibleRiders(run, operator) >= riders, 500);
        List<String> keys = run.merchant("dispatch-bench", 20).keys();
        ScheduledExecutorService failer = Executors.newScheduledThreadPool(4);
        AtomicInteger failed = new AtomicInteger();
        LoadStep s = OpenLoop.run(
                run.service,
                rate,
                seconds,
                n -> {
                    double[] pickup = inCbd(random);
                    String order = Orders.ONE.replace(
                            "\"lat\":-1.2841,\"lng\":36.8219", "\"lat\":" + pickup[0] + ",\"lng\":" + pickup[1]);
                    return HttpRequest.newBuilder(URI.create(run.base + "/api/v1/external/dispatches"))
                            .timeout(Duration.ofSeconds(30))
                            .header("Content-Type", "application/json")
                            .header("X-API-Key", keys.get(n % keys.size()))
                            .header("Idempotency-Key", UUID.randomUUID().toString())
                            .POST(HttpRequest.BodyPublishers.ofString(order))
                            .build();
                },
                (index, response, scheduled, done) -> {
                    Matcher id = Harness.ID.matcher(response.body());
                    if (id.find()) {
                        String dispatchId = id.group(1);
                        failer.schedule(
                                () -> {
                                    try {
                                        if (run.call(
                                                                "POST",
                                                                "/api/v1/admin/dispatches/" + dispatchId + "/fail",
                                                                operator,
                                                                "{\"reasonCode\":\"RIDER_UNAVAILABLE\",\"detail\":\"bench\"}")
                                                        .statusCode()
                                                == 200) {
                                            failed.incrementAndGet();
                                        }
                                    } catch (Exception e) {
                                        // counted by its absence
                                    }
                                },
                                holdMillis,
                                TimeUnit.MILLISECONDS);
                    }
                });
        Waits.pause(Duration.ofSeconds(5));
        reporters.shutdownNow();
        failer.shutdown();
        failer.awaitTermination(30, TimeUnit.SECONDS);
        run.md.append(StepReport.summary(
                run,
                "Issue 33 creates in a RANKED zone (" + riders + " riders on shift, a position every " + report
                        + " s; each delivery failed by an operator " + holdMillis + " ms after its 201)",
                s));
        String metrics = run.call("GET", "/actuator/prometheus", operator, null).body();
        run.md.append(String.format(
                "- engine, a record's arrival to the decision out of its core (offers; histogram bucket bounds): "
                        + "%s%n",
                PrometheusHistograms.percentiles(metrics, "dispatch_engine_decide_latency_seconds")));
        run.md.append(String.format(
                "- engine, a record's arrival to the offer stored by the aggregate (HTTP to command-service"
                        + " and the append included): %s%n",
                PrometheusHistograms.percentiles(metrics, "dispatch_engine_decision_latency_seconds")));
        Matcher decisions = Pattern.compile(
                        "dispatch_engine_decisions_total\\{[^}]*outcome=\"([a-z]+)\"[^}]*type=\"([a-z_]+)\"[^}]*}"
                                + " ([0-9.E]+)")
                .matcher(metrics);
        StringBuilder counts = new StringBuilder();
        while (decisions.find()) {
            counts.append(decisions.group(2))
                    .append(' ')
                    .append(decisions.group(1))
                    .append(' ')
                    .append((long) Double.parseDouble(decisions.group(3)))
                    .append("; ");
        }
        Matcher records = Pattern.compile("^dispatch_engine_records_total\\{[^}]*} ([0-9.E+]+)", Pattern.MULTILINE)
                .matcher(metrics);
        run.md.append("- engine decisions by type and outcome: " + counts + "records the engine applied: "
                + (records.find() ? (long) Double.parseDouble(records.group(1)) : "?")
                + "; operator fails answered 200: "
                + failed.get() + "\n");
        if (run.service.jdbc() != null) {
            try (Connection db = DriverManager.getConnection(run.service.jdbc(), "postgres", "postgres");
                    ResultSet rows = db.createStatement().executeQuery("""
                        select count(*), percentile_cont(array[0.5, 0.9, 0.99]) within group (order by
                               extract(epoch from (d.occurred_at - g.created_at)) * 1000)
                          from query.dispatch_decisions d join query.dispatching g using (dispatch_id)
                         where d.sequence = 1 and d.type = 'OFFERED'\
                        """)) {
                rows.next();
                Double[] p = (Double[]) rows.getArray(2).getArray();
                run.md.append(String.format(
                        "- creation to the offer in the log (event times; %d deliveries offered at once): p50 %.1f"
                                + " ms, p90 %.1f ms, p99 %.1f ms%n",
                        rows.getLong(1), p[0], p[1], p[2]));
            }
        }
    }

    /** A point in nairobi-cbd's polygon (its inner box). */
    static double[] inCbd(Random random) {
        return new double[] {-1.2900 + random.nextDouble() * 0.0120, 36.8160 + random.nextDouble() * 0.0120};
    }

    static int eligibleRiders(Harness run, Map<String, String> operator) {
        try {
            String body = run.call("GET", "/api/v1/admin/dispatch/engine", operator, null)
                    .body();
            Matcher eligible = Pattern.compile("\"eligible\"\\s*:\\s*true").matcher(body);
            int n = 0;
            while (eligible.find()) n++;
            return n;
        } catch (Exception e) {
            return 0;
        }
    }
}
