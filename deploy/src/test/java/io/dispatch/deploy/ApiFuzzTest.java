package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.deploy.FuzzCases.FuzzCase;
import io.dispatch.deploy.FuzzRoutes.Route;
import io.dispatch.deploy.FuzzTransport.Answer;
import io.dispatch.deploy.FuzzVerdicts.Finding;
import io.dispatch.events.Topics;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.infrastructure.WebhookReceiver;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;

/**
 * Hostile input at scale, on every route, against the whole running service (issue 15).
 *
 * <p>A generator driven by the served OpenAPI document, not jqwik: the routes come from
 * {@code /v3/api-docs} (plus any route the router maps that the document leaves out), so a new
 * route is fuzzed the day it is added, with its documented parameters and body schema; and the
 * expected answer of each request comes from the same document (with the prose rules of docs/),
 * through {@link FuzzOracle}. A property framework would add shrinking, which is of no use here:
 * each request is already one mutation of a valid one, printed whole, and a shrinker re-sending
 * requests to a stateful service would chase answers that the earlier tries changed. One
 * {@link Random} from a printed seed makes every run of a seed send the same requests.
 *
 * <p>Asserted: no 5xx; every refusal in the envelope with a code that fits its status; nothing
 * the documents refuse accepted, nothing they allow (where state cannot interfere) refused;
 * replays under one Idempotency-Key answered as stored; then every delivery a create answered
 * is readable by id with its merchant's key, and every consumer group of the pipeline reaches
 * the end of its partitions within {@code fuzz.pipeline-seconds} (90). Findings are grouped, each
 * with its smallest reproduction, in {@code target/fuzz/report.txt}.
 *
 * <p>Size: {@code -Dfuzz.requests} (1500 by default, the CI run); the full run is
 * {@code mvn -B -pl deploy -am verify -Dtest=ApiFuzzTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dfuzz.requests=10000}. {@code -Dfuzz.seed} reproduces a run, {@code -Dfuzz.threads} (4) sets
 * how many requests are in flight.
 */
class ApiFuzzTest {

    static final long DEFAULT_SEED = 20261124L;
    private static final Path OUT = Path.of("target", "fuzz");

    @Test
    void hostile_requests_on_every_route_get_no_5xx_no_bare_refusal_and_accept_nothing_the_documents_refuse()
            throws Exception {
        long seed = Long.getLong("fuzz.seed", DEFAULT_SEED);
        int budget = Integer.getInteger("fuzz.requests", 1500);
        int threads = Integer.getInteger("fuzz.threads", 4);
        System.out.printf(
                "ApiFuzzTest seed=%d requests=%d threads=%d (reproduce with -Dfuzz.seed=%d -Dfuzz.requests=%d)%n",
                seed, budget, threads, seed, budget);

        DispatchUnderTest dispatch = DispatchUnderTest.get();
        long begun = System.nanoTime();
        try (WebhookReceiver receiver = new WebhookReceiver();
                FuzzPipeline pipeline =
                        new FuzzPipeline(SharedTestInfrastructure.get().kafkaBootstrapServers())) {
            FuzzWorld world = new FuzzWorld(dispatch, receiver.url());
            JsonNode document = dispatch.documents();
            Map<String, Set<String>> methods = new TreeMap<>();
            List<Route> routes = FuzzRoutes.read(document, router(dispatch, methods), FuzzGoodValues.bodyOverrides());
            assertThat(routes)
                    .as("the catalogue found the routes")
                    .hasSizeGreaterThan(40)
                    .extracting(Route::key)
                    .contains(
                            "POST /api/v1/external/dispatches",
                            "POST /api/v1/external/dispatches/bulk",
                            "GET /api/v1/external/quotes",
                            "POST /api/v1/admin/merchants/{merchantId}/dispatches/import",
                            "POST /api/v1/rider/dispatches/{id}/deliver",
                            "GET /api/v1/track/{token}");

            JsonNode order = FuzzRoutes.inline(
                    document.at("/components/schemas/DispatchOrder"), document.at("/components/schemas"), 0);
            FuzzBodies bodies = new FuzzBodies(FuzzGoodValues.goodValues(world));
            FuzzCases generator = new FuzzCases(world, bodies, new FuzzCsv(bodies, order), methods);
            List<FuzzCase> cases = generator.generate(routes, budget, new Random(seed));

            JsonNode pricing = dispatch.call("GET", "/api/v1/admin/pricing/default", admin(), null, 200)
                    .data();
            Set<String> zones = FuzzAfterRun.zoneIds(dispatch);
            Set<String> topics = Set.of(
                    Topics.DISPATCH_EVENTS.name(), Topics.WEBHOOK_ATTEMPTS.name(), Topics.RIDER_POSITIONS.name());
            Map<TopicPartition, Long> before = pipeline.endOffsets(topics);

            FuzzReport report = new FuzzReport();
            Map<String, String> created = new ConcurrentHashMap<>();
            long started = System.nanoTime();
            try (FuzzTransport transport = new FuzzTransport(dispatch.baseUrl, world)) {
                try {
                    run(cases, transport, report, created, threads);
                } finally {
                    FuzzAfterRun.restore(dispatch, pricing, zones);
                }
                long seconds = (System.nanoTime() - started) / 1_000_000_000;
                String header = String.format(
                        "ApiFuzzTest seed=%d requests=%d threads=%d routes=%d setup=%ds run=%ds keys=%d created=%d",
                        seed,
                        budget,
                        threads,
                        routes.size(),
                        (started - begun) / 1_000_000_000,
                        seconds,
                        world.keysIssued(),
                        created.size());
                report.write(OUT, header);
                System.out.println(report.summary(header));

                FuzzAfterRun.readable(created, transport, world, report, threads);
                FuzzAfterRun.caughtUp(pipeline, before, report);
                String checked = String.format(
                        "%s checks=%ds (reads of the created deliveries, consumer groups)",
                        header, (System.nanoTime() - started) / 1_000_000_000 - seconds);
                report.write(OUT, checked);
                System.out.println(checked + "; findings: " + report.findings().size() + " in "
                        + report.grouped().size() + " groups, written to "
                        + OUT.toAbsolutePath().resolve("report.txt"));
            }

            Map<String, Integer> perRoute = report.perRoute();
            assertThat(report.requests()).as("requests sent").isGreaterThanOrEqualTo(budget);
            assertThat(routes)
                    .as("every route was walked")
                    .allSatisfy(r -> assertThat(perRoute).containsKey(r.key()));
            Map<String, List<Finding>> groups = report.grouped();
            assertThat(groups.keySet())
                    .as(
                            "findings (%d in all; reproductions in %s)",
                            report.findings().size(), OUT.toAbsolutePath().resolve("report.txt"))
                    .isEmpty();
        }
    }

    private static void run(
            List<FuzzCase> cases, FuzzTransport transport, FuzzReport report, Map<String, String> created, int threads)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (FuzzCase c : cases) {
                futures.add(pool.submit(() -> {
                    FuzzRequest previous = null;
                    Answer previousAnswer = null;
                    for (FuzzRequest step : c.steps()) {
                        FuzzRequest resolved = transport.resolve(step);
                        Answer answer = transport.send(resolved);
                        List<Finding> found = new ArrayList<>(FuzzVerdicts.check(resolved, answer));
                        if (previous != null) {
                            found.addAll(FuzzVerdicts.replay(previous, previousAnswer, resolved, answer, c.replay()));
                        }
                        report.record(resolved, answer, found);
                        remember(resolved, answer, created);
                        previous = resolved;
                        previousAnswer = answer;
                        if (done.incrementAndGet() % 1000 == 0) {
                            System.out.printf("ApiFuzzTest: %d requests sent%n", done.get());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Deliveries a create answered, with the merchant whose key must read them ("A", "B" or C's id). */
    private static void remember(FuzzRequest request, Answer answer, Map<String, String> created) {
        if (answer.failure() != null
                || answer.status() != 201
                || !request.method().equals("POST")) {
            return;
        }
        String owner = request.route().startsWith("POST /api/v1/admin/merchants/")
                ? request.target().split("/")[5]
                : request.route().startsWith("POST /api/v1/external/") ? "A" : null;
        if (owner == null) {
            return;
        }
        try {
            JsonNode data = DispatchUnderTest.JSON.readTree(answer.body()).path("data");
            if (data.has("trackingToken")) {
                created.put(data.get("id").asText(), owner);
            }
            data.path("dispatches").forEach(d -> created.put(d.get("id").asText(), owner));
        } catch (Exception e) {
            // the verdict already names a 201 without its body
        }
    }

    /** "METHOD /pattern" of every handler; {@code methods} gets each pattern's methods. */
    private static Set<String> router(DispatchUnderTest dispatch, Map<String, Set<String>> methods) {
        Set<String> routes = new TreeSet<>();
        for (RequestMappingHandlerMapping mapping :
                dispatch.beans(RequestMappingHandlerMapping.class).values()) {
            mapping.getHandlerMethods()
                    .keySet()
                    .forEach(info -> info.getPatternsCondition().getPatterns().forEach(pattern -> {
                        var declared = info.getMethodsCondition().getMethods();
                        Set<String> names = declared.isEmpty()
                                ? Set.of("GET")
                                : declared.stream().map(Enum::name).collect(Collectors.toSet());
                        names.forEach(m -> routes.add(m + " " + pattern.getPatternString()));
                        methods.computeIfAbsent(pattern.getPatternString(), k -> new TreeSet<>())
                                .addAll(names);
                    }));
        }
        return routes;
    }
}
