package io.dispatch.deploy;

import static io.dispatch.deploy.DispatchUnderTest.admin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.deploy.FuzzCases.FuzzCase;
import io.dispatch.deploy.FuzzRoutes.Route;
import io.dispatch.deploy.FuzzTransport.Answer;
import io.dispatch.deploy.FuzzVerdicts.Finding;
import io.dispatch.events.Topics;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
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
import java.util.function.Supplier;
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
    System.out.printf("ApiFuzzTest seed=%d requests=%d threads=%d (reproduce with -Dfuzz.seed=%d -Dfuzz.requests=%d)%n",
        seed, budget, threads, seed, budget);

    DispatchUnderTest dispatch = DispatchUnderTest.get();
    long begun = System.nanoTime();
    try (WebhookReceiver receiver = new WebhookReceiver();
        FuzzPipeline pipeline = new FuzzPipeline(SharedTestInfrastructure.get().kafkaBootstrapServers())) {
      FuzzWorld world = new FuzzWorld(dispatch, receiver.url());
      JsonNode document = dispatch.call("GET", "/v3/api-docs", Map.of(), null, 200).json();
      Map<String, Set<String>> methods = new TreeMap<>();
      List<Route> routes = FuzzRoutes.read(document, router(dispatch, methods), bodyOverrides());
      assertThat(routes).as("the catalogue found the routes").hasSizeGreaterThan(40)
          .extracting(Route::key).contains("POST /api/v1/external/dispatches", "POST /api/v1/external/dispatches/bulk",
              "GET /api/v1/external/quotes", "POST /api/v1/admin/merchants/{merchantId}/dispatches/import",
              "POST /api/v1/rider/dispatches/{id}/deliver", "GET /api/v1/track/{token}");

      JsonNode order = FuzzRoutes.inline(document.at("/components/schemas/DispatchOrder"),
          document.at("/components/schemas"), 0);
      FuzzBodies bodies = new FuzzBodies(goodValues(world));
      FuzzCases generator = new FuzzCases(world, bodies, new FuzzCsv(bodies, order), methods);
      List<FuzzCase> cases = generator.generate(routes, budget, new Random(seed));

      JsonNode pricing = dispatch.call("GET", "/api/v1/admin/pricing/default", admin(), null, 200).data();
      Set<String> zones = zoneIds(dispatch);
      Set<String> topics = Set.of(Topics.DISPATCH_EVENTS.name(), Topics.WEBHOOK_ATTEMPTS.name(),
          Topics.RIDER_POSITIONS.name());
      Map<TopicPartition, Long> before = pipeline.endOffsets(topics);

      FuzzReport report = new FuzzReport();
      Map<String, String> created = new ConcurrentHashMap<>();
      long started = System.nanoTime();
      try (FuzzTransport transport = new FuzzTransport(dispatch.baseUrl, world)) {
        run(cases, transport, report, created, threads);
        long seconds = (System.nanoTime() - started) / 1_000_000_000;
        String header = String.format(
            "ApiFuzzTest seed=%d requests=%d threads=%d routes=%d setup=%ds run=%ds keys=%d created=%d", seed, budget,
            threads, routes.size(), (started - begun) / 1_000_000_000, seconds, world.keysIssued(), created.size());
        report.write(OUT, header);
        System.out.println(report.summary(header));

        restore(dispatch, pricing, zones);
        readable(created, transport, world, report, threads);
        caughtUp(pipeline, before, report);
        report.write(OUT, header + " checks=" + (System.nanoTime() - started) / 1_000_000_000 + "s since the run began"
            + " (with the checks after the run)");
      }

      Map<String, Integer> perRoute = report.perRoute();
      assertThat(report.requests()).as("requests sent").isGreaterThanOrEqualTo(budget);
      assertThat(routes).as("every route was walked").allSatisfy(r -> assertThat(perRoute).containsKey(r.key()));
      Map<String, List<Finding>> groups = report.grouped();
      assertThat(groups.keySet()).as("findings (%d in all; reproductions in %s)", report.findings().size(),
          OUT.toAbsolutePath().resolve("report.txt")).isEmpty();
    }
  }

  private static void run(List<FuzzCase> cases, FuzzTransport transport, FuzzReport report, Map<String, String> created,
      int threads) throws Exception {
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
    if (answer.failure() != null || answer.status() != 201 || !request.method().equals("POST")) {
      return;
    }
    String owner = request.route().startsWith("POST /api/v1/admin/merchants/")
        ? request.target().split("/")[5] : request.route().startsWith("POST /api/v1/external/") ? "A" : null;
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

  /** Every delivery a create answered is readable by id with its merchant's key (C reactivated first). */
  private static void readable(Map<String, String> created, FuzzTransport transport, FuzzWorld world, FuzzReport report,
      int threads) throws Exception {
    dispatchCall(world, "POST", "/api/v1/admin/merchants/" + world.c.id() + "/reactivate", 200);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> reads = new ArrayList<>();
      for (var delivery : created.entrySet()) {
        String key = delivery.getValue().equals("A") ? "{key:A}" : delivery.getValue().equals(world.c.id()) ? "{key:C}" : null;
        if (key == null) {
          continue; // an unknown merchant's create cannot have answered 201; the verdict would have said so
        }
        reads.add(pool.submit(() -> {
          FuzzRequest read = new FuzzRequest(-1, "GET /api/v1/external/dispatches/{id}", "after:read a created delivery",
              "GET", "/api/v1/external/dispatches/" + delivery.getKey(), List.of(Map.entry("X-API-Key", key),
              Map.entry("Idempotency-Key", java.util.UUID.randomUUID().toString())), null, FuzzRequest.Expect.VALID,
              null);
          FuzzRequest resolved = transport.resolve(read);
          Answer answer = transport.send(resolved);
          if (answer.failure() != null || answer.status() != 200) {
            report.add(new Finding("created delivery not readable", "created delivery not readable | "
                + FuzzReport.outcome(resolved, answer), null, resolved, answer, answer.failure() != null
                ? String.valueOf(answer.failure()) : answer.text()));
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
  private static void caughtUp(FuzzPipeline pipeline, Map<TopicPartition, Long> before, FuzzReport report)
      throws Exception {
    Map<String, Set<TopicPartition>> assignments = pipeline.assignments();
    Set<String> missing = new TreeSet<>(FuzzPipeline.EXPECTED);
    missing.removeAll(assignments.keySet());
    if (!missing.isEmpty()) {
      report.add(pipelineFinding("expected consumer groups not active: " + missing + " (active: "
          + assignments.keySet() + ")"));
      return;
    }
    Map<TopicPartition, Long> target = pipeline.endOffsets(FuzzPipeline.topics(assignments));
    List<String> lagging = new ArrayList<>();
    try {
      await().atMost(FuzzPipeline.bound()).pollInterval(Duration.ofMillis(500)).until(() -> {
        lagging.clear();
        lagging.addAll(pipeline.behind(assignments, before, target));
        return lagging.isEmpty();
      });
      System.out.println("ApiFuzzTest: every consumer group caught up: " + assignments.keySet());
    } catch (org.awaitility.core.ConditionTimeoutException stuck) {
      report.add(pipelineFinding("consumer groups behind after " + FuzzPipeline.bound().toSeconds() + " s: " + lagging));
    }
  }

  private static Finding pipelineFinding(String detail) {
    FuzzRequest none = new FuzzRequest(-1, "(pipeline)", "after:consumer groups", "-", "-", List.of(), null,
        FuzzRequest.Expect.ANY, null);
    return new Finding("consumer stuck", "consumer stuck | " + detail.replaceAll("[0-9]+", "N"), null, none,
        new Answer(-1, Map.of(), null, 0, null, false), detail);
  }

  /** Puts back what the operator routes may have changed for the test classes that run after this one. */
  private static void restore(DispatchUnderTest dispatch, JsonNode pricing, Set<String> zonesBefore) throws Exception {
    dispatch.call("PUT", "/api/v1/admin/pricing/default", admin(), pricing.toString(), 200);
    for (String zone : zoneIds(dispatch)) {
      if (!zonesBefore.contains(zone)) {
        dispatch.call("DELETE", "/api/v1/admin/zones/" + zone, admin(), null, 204);
      }
    }
  }

  private static void dispatchCall(FuzzWorld world, String method, String path, int status) throws Exception {
    world.dispatch.call(method, path, admin(), null, status);
  }

  private static Set<String> zoneIds(DispatchUnderTest dispatch) throws Exception {
    Set<String> ids = new TreeSet<>();
    dispatch.call("GET", "/api/v1/admin/zones", admin(), null, 200).data().forEach(z -> ids.add(z.get("id").asText()));
    return ids;
  }

  /** "METHOD /pattern" of every handler; {@code methods} gets each pattern's methods. */
  private static Set<String> router(DispatchUnderTest dispatch, Map<String, Set<String>> methods) {
    Set<String> routes = new TreeSet<>();
    for (RequestMappingHandlerMapping mapping : dispatch.beans(RequestMappingHandlerMapping.class).values()) {
      mapping.getHandlerMethods().keySet().forEach(info -> info.getPatternsCondition().getPatterns().forEach(pattern -> {
        var declared = info.getMethodsCondition().getMethods();
        Set<String> names = declared.isEmpty() ? Set.of("GET")
            : declared.stream().map(Enum::name).collect(Collectors.toSet());
        names.forEach(m -> routes.add(m + " " + pattern.getPatternString()));
        methods.computeIfAbsent(pattern.getPatternString(), k -> new TreeSet<>()).addAll(names);
      }));
    }
    return routes;
  }

  /**
   * Bodies the document shows as a bare JsonNode: the operator's create takes the merchant's
   * create body (operator docs), the default pricing the fields of decisions.md section 2.
   */
  private static Map<String, JsonNode> bodyOverrides() throws Exception {
    Map<String, JsonNode> overrides = new HashMap<>();
    overrides.put("POST /api/v1/admin/merchants/{merchantId}/dispatches",
        DispatchUnderTest.JSON.readTree("{\"$ref\":\"#/components/schemas/DispatchOrder\"}"));
    overrides.put("PUT /api/v1/admin/pricing/default", DispatchUnderTest.JSON.readTree("""
        {"type":"object","x-name":"DefaultPricing",
         "required":["baseFeeCents","perKmCents","minFeeCents","detourFactor","avgSpeedKmh"],
         "properties":{"baseFeeCents":{"type":"integer","format":"int64"},"perKmCents":{"type":"integer","format":"int64"},
          "minFeeCents":{"type":"integer","format":"int64"},"detourFactor":{"type":"number"},
          "avgSpeedKmh":{"type":"number"},"targetPickupSeconds":{"type":"integer","format":"int64"},
          "targetDeliverySeconds":{"type":"integer","format":"int64"}}}"""));
    return overrides;
  }

  /** Values a schema cannot make up, by field name. */
  private static Map<String, Supplier<JsonNode>> goodValues(FuzzWorld world) throws Exception {
    Map<String, JsonNode> values = new HashMap<>();
    var n = FuzzJson.NODES;
    values.put("customerName", n.textNode("Amina Njeri"));
    values.put("customerPhone", n.textNode("+254 700 000 001"));
    values.put("phone", n.textNode("+254 711 000 002"));
    values.put("address", n.textNode("Kenyatta Ave 1"));
    values.put("notes", n.textNode("Gate B"));
    values.put("lat", n.numberNode(-1.2841));
    values.put("lng", n.numberNode(36.8219));
    values.put("externalId", n.textNode("fz-1"));
    values.put("amountCents", n.numberNode(150000));
    values.put("currency", n.textNode("KES"));
    values.put("targetPickupAt", n.textNode("2030-11-21T10:00:00Z"));
    values.put("targetDeliveryAt", n.textNode("2030-11-21T12:00:00Z"));
    values.put("timestamp", n.textNode("2026-01-01T00:00:00Z"));
    values.put("reason", n.textNode("ordered twice"));
    values.put("reasonCode", n.textNode("OTHER"));
    values.put("detail", n.textNode("gate locked"));
    values.put("recipientName", n.textNode("Amina"));
    values.put("photoUrl", n.textNode("https://x.test/p.jpg"));
    values.put("signatureUrl", n.textNode("https://x.test/s.png"));
    values.put("pin", n.textNode("0000"));
    values.put("url", n.textNode(world.receiverUrl));
    values.put("scopes", n.arrayNode().add("read").add("write"));
    values.put("scopes[]", n.textNode("read"));
    values.put("name", n.textNode("Fuzz"));
    values.put("sandbox", n.booleanNode(false));
    values.put("riderId", n.textNode(world.rider.id()));
    values.put("priority", n.numberNode(100));
    values.put("baseFeeCents", n.numberNode(10000));
    values.put("perKmCents", n.numberNode(1000));
    values.put("minFeeCents", n.numberNode(12000));
    values.put("targetPickupSeconds", n.numberNode(900));
    values.put("targetDeliverySeconds", n.numberNode(2700));
    values.put("detourFactor", n.numberNode(1.2));
    values.put("avgSpeedKmh", n.numberNode(20));
    // far from every real zone (the Southern Ocean), so a zone the fuzzer creates prices nothing else
    ObjectNode polygon = n.objectNode().put("type", "Polygon");
    polygon.set("coordinates", DispatchUnderTest.JSON.readTree(
        "[[[0.0,-60.0],[0.1,-60.0],[0.1,-59.9],[0.0,-59.9],[0.0,-60.0]]]"));
    values.put("polygon", polygon);
    Map<String, Supplier<JsonNode>> suppliers = new HashMap<>();
    values.forEach((name, value) -> suppliers.put(name, value::deepCopy));
    return suppliers;
  }
}
