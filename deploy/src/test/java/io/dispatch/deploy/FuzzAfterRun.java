package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.FuzzTransport.Answer;
import io.dispatch.deploy.FuzzVerdicts.Finding;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.common.TopicPartition;

/**
 * What {@link ApiFuzzTest} checks once the requests are sent (every created delivery readable,
 * every consumer group caught up), and what it puts back for the test classes after it (the
 * default pricing, the zones it created).
 */
final class FuzzAfterRun {

    private FuzzAfterRun() {}

    /** Every delivery a create answered is readable by id with its merchant's key (C reactivated first). */
    static void readable(
            Map<String, String> created, FuzzTransport transport, FuzzWorld world, FuzzReport report, int threads)
            throws Exception {
        dispatchCall(world, "POST", "/api/v1/admin/merchants/" + world.c.id() + "/reactivate", 200);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> reads = new ArrayList<>();
            for (var delivery : created.entrySet()) {
                String key = delivery.getValue().equals("A")
                        ? "{key:A}"
                        : delivery.getValue().equals(world.c.id()) ? "{key:C}" : null;
                if (key == null) {
                    continue; // an unknown merchant's create cannot have answered 201; the verdict would have said so
                }
                reads.add(pool.submit(() -> {
                    FuzzRequest read = new FuzzRequest(
                            -1,
                            "GET /api/v1/external/dispatches/{id}",
                            "after:read a created delivery",
                            "GET",
                            "/api/v1/external/dispatches/" + delivery.getKey(),
                            List.of(
                                    Map.entry("X-API-Key", key),
                                    Map.entry(
                                            "Idempotency-Key",
                                            java.util.UUID.randomUUID().toString())),
                            null,
                            FuzzRequest.Expect.VALID,
                            null);
                    FuzzRequest resolved = transport.resolve(read);
                    Answer answer = transport.send(resolved);
                    if (answer.failure() != null || answer.status() != 200) {
                        report.add(new Finding(
                                "created delivery not readable",
                                "created delivery not readable | " + FuzzReport.outcome(resolved, answer),
                                null,
                                resolved,
                                answer,
                                answer.failure() != null ? String.valueOf(answer.failure()) : answer.text()));
                    }
                    return null;
                }));
            }
            for (Future<?> read : reads) {
                read.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Every consumer group commits what was on its partitions when the run ended, within the bound. */
    static void caughtUp(FuzzPipeline pipeline, Map<TopicPartition, Long> before, FuzzReport report) throws Exception {
        Map<String, Set<TopicPartition>> assignments = pipeline.assignments();
        Set<String> missing = new TreeSet<>(FuzzPipeline.EXPECTED);
        missing.removeAll(assignments.keySet());
        if (!missing.isEmpty()) {
            report.add(pipelineFinding(
                    "expected consumer groups not active: " + missing + " (active: " + assignments.keySet() + ")"));
            return;
        }
        Map<TopicPartition, Long> target = pipeline.endOffsets(FuzzPipeline.topics(assignments));
        List<String> lagging = new ArrayList<>();
        try {
            await().atMost(FuzzPipeline.bound())
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> {
                        lagging.clear();
                        lagging.addAll(pipeline.behind(assignments, before, target));
                        return lagging.isEmpty();
                    });
            System.out.println("ApiFuzzTest: every consumer group caught up: " + assignments.keySet());
        } catch (org.awaitility.core.ConditionTimeoutException stuck) {
            report.add(pipelineFinding(
                    "consumer groups behind after " + FuzzPipeline.bound().toSeconds() + " s: " + lagging));
        }
    }

    private static Finding pipelineFinding(String detail) {
        FuzzRequest none = new FuzzRequest(
                -1, "(pipeline)", "after:consumer groups", "-", "-", List.of(), null, FuzzRequest.Expect.ANY, null);
        return new Finding(
                "consumer stuck",
                "consumer stuck | " + detail.replaceAll("[0-9]+", "N"),
                null,
                none,
                new Answer(-1, Map.of(), null, 0, null, false),
                detail);
    }

    /** Puts back what the operator routes may have changed for the test classes that run after this one. */
    static void restore(DispatchUnderTest dispatch, JsonNode pricing, Set<String> zonesBefore) throws Exception {
        // a projection rebuild the run started swaps tables under the next test class otherwise
        await().atMost(Duration.ofSeconds(120))
                .until(() -> !dispatch.call("GET", "/api/v1/admin/projections/rebuild", admin(), null, 200)
                        .data()
                        .get("status")
                        .asText()
                        .equals("RUNNING"));
        dispatch.call("PUT", "/api/v1/admin/pricing/default", admin(), pricing.toString(), 200);
        // every dispatching policy the run set goes back to MANUAL: the classes after this one take deliveries by hand
        for (JsonNode policy : dispatch.call("GET", "/api/v1/admin/dispatch/policies", admin(), null, 200)
                .data()) {
            String zone = policy.get("zoneId").asText();
            if (!"MANUAL".equals(policy.get("mode").asText())
                    && (zone.equals("default") || zoneIds(dispatch).contains(zone))) {
                dispatch.call("PUT", "/api/v1/admin/dispatch/policies/" + zone, admin(), "{\"mode\":\"MANUAL\"}", 200);
            }
        }
        for (String zone : zoneIds(dispatch)) {
            if (!zonesBefore.contains(zone)) {
                dispatch.call("DELETE", "/api/v1/admin/zones/" + zone, admin(), null, 204);
            }
        }
    }

    private static void dispatchCall(FuzzWorld world, String method, String path, int status) throws Exception {
        world.dispatch.call(method, path, admin(), null, status);
    }

    static Set<String> zoneIds(DispatchUnderTest dispatch) throws Exception {
        Set<String> ids = new TreeSet<>();
        dispatch.call("GET", "/api/v1/admin/zones", admin(), null, 200)
                .data()
                .forEach(z -> ids.add(z.get("id").asText()));
        return ids;
    }
}
