package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.deploy.ops.NginxFront;
import io.dispatch.infrastructure.Infrastructure;
import io.dispatch.infrastructure.InfrastructureOptions;
import io.dispatch.infrastructure.RunningInfrastructure;
import io.dispatch.infrastructure.WebhookReceiver;
import io.dispatch.web.secret.SecretCipher;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The three services run apart, two instances each, as separate JVM processes from their
 * executable jars against one real Kafka broker and one real PostgreSQL of their own (not the
 * other tests' shared ones). Writes go to both command-service instances and reads to both
 * query-service instances, so read-your-writes must hold across instances; webhooks must all
 * arrive once. Then one instance of each service is SIGKILLed and the survivors must take over:
 * nothing lost, nothing sent twice but what was in flight at the kill, readiness of the dead gone,
 * lag back to zero. The counts are printed for the report. Before that, the same instances are
 * reached through Debian's nginx with the front's configuration (deploy/front/nginx.conf), and
 * the per-IP limit must count each client behind it, never a forwarded header from elsewhere.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiProcessTest {

    private static final String ADMIN = "multi-process-admin-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String ORDER = """
      {"customerName":"Amina Njeri","customerPhone":"+254 700 000 001","externalId":"%s",
       "pickup":{"address":"Kenyatta Ave 1","lat":-1.2841,"lng":36.8219},
       "dropoff":{"address":"Ngong Rd 12","lat":-1.3001,"lng":36.7833},"paymentType":"PREPAID"}""";

    private static RunningInfrastructure infrastructure;
    private static final List<ServiceProcess> commands = new ArrayList<>();
    private static final List<ServiceProcess> queries = new ArrayList<>();
    private static final List<ServiceProcess> dispatchers = new ArrayList<>();
    private static final List<ServiceProcess> engines = new ArrayList<>();
    private static WebhookReceiver receiver;
    private static Map<String, String> engineSettings;
    /** The command-service instance the engines (and the simulated riders) call. */
    private static ServiceProcess engineTarget;

    private static String encryptionKey;
    private static final List<String> ALL_CREATED = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    static void startApart() throws Exception {
        infrastructure = Infrastructure.start(InfrastructureOptions.ephemeral());
        infrastructure.createDatabase("apart");
        Map<String, String> settings = new HashMap<>(infrastructure.springProperties("apart"));
        settings.put("dispatch.admin-token", ADMIN);
        encryptionKey = SecretCipher.newBase64Key();
        settings.put("dispatch.webhook.secret-encryption-key", encryptionKey);
        settings.put("dispatch.integrations.secret-encryption-key", SecretCipher.newBase64Key());
        settings.put("dispatch.webhook.allow-insecure-targets", "true");
        settings.put("dispatch.webhook.retry.first-wait", "PT0.2S");
        settings.put("dispatch.webhook.claim-lease", "PT5S");
        settings.put("dispatch.rate-limit.per-minute", "100000");
        settings.put("dispatch.rate-limit.rider-per-minute", "100000");
        settings.put("dispatch.query.cursor-secret", "multi-process-cursor-secret");
        // the nginx front connects from 127.0.0.1; test clients that play other hosts use 127.0.0.3..5
        settings.put("dispatch.web.trusted-proxies", "127.0.0.1");
        settings.put("dispatch.rate-limit.public-per-minute", "5");
        // not the registry's default of 6: readers must partition by what the broker has
        settings.put("dispatch.kafka.partitions", "8");
        for (int i = 1; i <= 2; i++) {
            // the second of each runs as in a Kubernetes pod: Boot's platform detection must not make it
            // believe a client's X-Forwarded-For (decisions.md section 13)
            Map<String, String> environment = i == 1
                    ? Map.of()
                    : Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1", "KUBERNETES_SERVICE_PORT", "443");
            commands.add(ServiceProcess.start("command-service", "command-" + i, settings, environment));
            queries.add(ServiceProcess.start("query-service", "query-" + i, settings, environment));
            dispatchers.add(ServiceProcess.start("webhook-dispatcher", "dispatcher-" + i, settings, environment));
        }
        List<ServiceProcess> all = new ArrayList<>(commands);
        all.addAll(queries);
        all.addAll(dispatchers);
        ServiceProcess.awaitReady(all, Duration.ofMinutes(4));
        // two dispatch engines (their tables are command-service's, so after it): one decides, one stands by
        engineSettings = new HashMap<>(settings);
        engineTarget = commands.get(0);
        engineSettings.put("dispatch.engine.command-url", engineTarget.baseUrl());
        // the sandbox simulator on both (ADR 0045): exactly one of them may drive the simulated riders
        engineSettings.put("dispatch.simulator.enabled", "true");
        engineSettings.put("dispatch.simulator.riders", "2");
        engineSettings.put("dispatch.simulator.time-scale", "600");
        engineSettings.put("dispatch.simulator.fail-share", "0");
        engineSettings.put("dispatch.simulator.location-interval", "PT0.2S");
        for (int i = 1; i <= 2; i++) {
            engines.add(ServiceProcess.start("dispatch-engine", "engine-" + i, engineSettings));
        }
        ServiceProcess.awaitReady(engines, Duration.ofMinutes(2));
        receiver = new WebhookReceiver();
    }

    @AfterAll
    static void stop() {
        for (List<ServiceProcess> group : List.of(engines, commands, queries, dispatchers)) {
            group.forEach(ServiceProcess::close);
        }
        if (receiver != null) {
            receiver.close();
        }
        if (infrastructure != null) {
            infrastructure.close();
        }
    }

    /**
     * Automatic dispatch with two engine processes (decisions.md §14, ADR 0040): the leader offers a
     * delivery and is SIGKILLed with the offer open; the stand-by takes over, expires the offer once
     * and offers the delivery to the next rider, and no offer is made twice.
     */
    @Test
    @Order(0)
    void two_engines_decide_once_and_the_stand_by_carries_on_when_the_leader_is_killed_mid_offer() throws Exception {
        ServiceProcess command = commands.get(0);
        String zoneId = "apart-dispatch";
        command.call("PUT", "/api/v1/admin/zones/" + zoneId, admin(), """
        {"name":"Apart dispatch","priority":5,
         "polygon":{"type":"Polygon","coordinates":[[[39.60,-4.10],[39.70,-4.10],[39.70,-4.00],[39.60,-4.00],[39.60,-4.10]]]},
         "baseFeeCents":10000,"perKmCents":1000,"minFeeCents":12000,"targetPickupSeconds":900,
         "targetDeliverySeconds":2700,"detourFactor":1.2,"avgSpeedKmh":20}""", 201);
        command.call(
                "PUT",
                "/api/v1/admin/dispatch/policies/" + zoneId,
                admin(),
                "{\"mode\":\"RANKED\",\"offerTimeout\":\"PT8S\"}",
                200);
        String near = onShiftRider(command, "Near", -4.049);
        String far = onShiftRider(command, "Far", -4.040);
        await().atMost(Duration.ofSeconds(30)).until(() -> everyEngineSeesEligible(near, far));
        ServiceProcess leader = await().atMost(Duration.ofSeconds(30))
                .until(MultiProcessTest::engineLeaders, leaders -> leaders.size() == 1)
                .getFirst();
        ServiceProcess standBy =
                engines.stream().filter(engine -> engine != leader).findFirst().orElseThrow();

        JsonNode merchant =
                command.call("POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"Apart dispatch\"}", 201);
        String apiKey = command.call(
                        "POST",
                        "/api/v1/admin/merchants/" + merchant.get("id").asText() + "/api-keys",
                        admin(),
                        "{}",
                        201)
                .get("apiKey")
                .asText();
        String id = command.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        Map.of(
                                "X-API-Key",
                                apiKey,
                                "Idempotency-Key",
                                UUID.randomUUID().toString()),
                        """
        {"customerName":"Amina Njeri","customerPhone":"+254 700 000 001","externalId":"apart-dispatch-1",
         "pickup":{"address":"Moi Ave 1, Mombasa","lat":-4.05,"lng":39.65},
         "dropoff":{"address":"Nyali Rd 2, Mombasa","lat":-4.03,"lng":39.66},"paymentType":"PREPAID"}""",
                        201)
                .get("id")
                .asText();
        await().atMost(Duration.ofSeconds(30)).until(() -> decisionTypes(id).contains("OFFERED"));
        leader.kill();

        // the stand-by leads, lets the open offer expire once and offers the delivery to the next rider
        await().atMost(Duration.ofSeconds(60))
                .until(() -> decisionTypes(id), types -> types.equals(List.of("OFFERED", "EXPIRED", "OFFERED")));
        assertThat(standBy.call("GET", "/api/v1/admin/dispatch/engine", admin(), null, 200)
                        .get("leading")
                        .asBoolean())
                .isTrue();
        List<JsonNode> decisions = decisions(id);
        assertThat(decisions.get(0).get("riderId").asText()).isEqualTo(near);
        assertThat(decisions.get(2).get("riderId").asText()).isEqualTo(far);
        assertThat(decisions.stream()
                        .map(decision -> decision.get("offerId").asText())
                        .distinct())
                .as("no offer recorded twice")
                .hasSize(2);
    }

    private static String onShiftRider(ServiceProcess command, String name, double lat) throws Exception {
        JsonNode rider = command.call(
                "POST",
                "/api/v1/admin/riders",
                admin(),
                "{\"name\":\"" + name + "\",\"phone\":\"+254 711 000 000\"}",
                201);
        Map<String, String> token = Map.of("X-Rider-Token", rider.get("token").asText());
        command.call("POST", "/api/v1/rider/shift", token, "{\"status\":\"ON\"}", 200);
        command.call("POST", "/api/v1/rider/location", token, "{\"lat\":" + lat + ",\"lng\":39.65}", 202);
        return rider.get("id").asText();
    }

    private static boolean everyEngineSeesEligible(String... riderIds) throws Exception {
        for (ServiceProcess engine : engines) {
            for (String riderId : riderIds) {
                if (!eligible(engine, riderId)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean eligible(ServiceProcess engine, String riderId) throws Exception {
        for (JsonNode known : engine.call("GET", "/api/v1/admin/dispatch/engine", admin(), null, 200)
                .get("riders")) {
            if (known.get("riderId").asText().equals(riderId)) {
                return known.get("eligible").asBoolean();
            }
        }
        return false;
    }

    private static List<ServiceProcess> engineLeaders() throws Exception {
        List<ServiceProcess> leaders = new ArrayList<>();
        for (ServiceProcess engine : engines) {
            if (engine.alive()
                    && engine.call("GET", "/api/v1/admin/dispatch/engine", admin(), null, 200)
                            .get("leading")
                            .asBoolean()) {
                leaders.add(engine);
            }
        }
        return leaders;
    }

    private static List<JsonNode> decisions(String id) throws Exception {
        List<JsonNode> decisions = new ArrayList<>();
        queries.get(0)
                .call("GET", "/api/v1/admin/dispatches/" + id + "/decisions", admin(), null, 200)
                .forEach(decisions::add);
        return decisions;
    }

    private static List<String> decisionTypes(String id) throws Exception {
        return decisions(id).stream()
                .map(decision -> decision.get("type").asText())
                .toList();
    }

    @Test
    @Order(1)
    void behind_the_nginx_front_every_route_family_answers_and_the_per_ip_limit_counts_each_client() throws Exception {
        try (NginxFront front = NginxFront.start(addresses(commands), addresses(queries), addresses(dispatchers))) {
            String base = front.baseUri().toString();
            // one base URL: a write, a read and a dispatcher route, each served by its own service
            JsonNode merchant =
                    callUrl(base, "POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"Front\"}", 201, null);
            String key = callUrl(
                            base,
                            "POST",
                            "/api/v1/admin/merchants/" + merchant.get("id").asText() + "/api-keys",
                            admin(),
                            "{}",
                            201,
                            null)
                    .get("apiKey")
                    .asText();
            for (int i = 0; i < 6; i++) {
                String id = callUrl(
                                base,
                                "POST",
                                "/api/v1/external/dispatches",
                                merchant(key),
                                ORDER.formatted("front-" + i + "-" + UUID.randomUUID()),
                                201,
                                null)
                        .get("id")
                        .asText();
                callUrl(base, "GET", "/api/v1/external/dispatches/" + id, merchant(key), null, 200, null);
            }
            callUrl(base, "GET", "/api/v1/admin/webhooks/stats", admin(), null, 200, null);

            // a dashboard session, started on one service, is read by every instance of every service
            HttpResponse<String> signedUp = sendUrl(
                    base,
                    "POST",
                    "/api/v1/auth/signup",
                    Map.of(),
                    "{\"email\":\"apart-" + UUID.randomUUID()
                            + "@example.com\",\"password\":\"a long enough password\"," + "\"businessName\":\"Apart\"}",
                    null);
            assertThat(signedUp.statusCode()).as(signedUp.body()).isEqualTo(201);
            String setCookie = signedUp.headers().firstValue("Set-Cookie").orElseThrow();
            assertThat(setCookie)
                    .as("Secure outside the local run")
                    .contains("Secure")
                    .containsIgnoringCase("HttpOnly");
            Map<String, String> session =
                    new HashMap<>(Map.of("Cookie", setCookie.substring(0, setCookie.indexOf(';'))));
            HttpResponse<String> me =
                    sendUrl(commands.get(0).baseUrl(), "GET", "/api/v1/dashboard/me", session, null, null);
            me.headers().firstValue("Set-Cookie").ifPresent(c -> session.put("Cookie", c.substring(0, c.indexOf(';'))));
            session.put(
                    "X-CSRF-TOKEN",
                    JSON.readTree(me.body()).get("data").get("csrfToken").asText());
            callUrl(commands.get(1).baseUrl(), "GET", "/api/v1/dashboard/me", session, null, 200, null);
            session.put("Idempotency-Key", UUID.randomUUID().toString());
            String made = callUrl(
                            base,
                            "POST",
                            "/api/v1/external/dispatches",
                            session,
                            ORDER.formatted("session-" + UUID.randomUUID()),
                            201,
                            null)
                    .get("id")
                    .asText();
            for (ServiceProcess query : queries) {
                session.put("Idempotency-Key", UUID.randomUUID().toString());
                callUrl(query.baseUrl(), "GET", "/api/v1/external/dispatches/" + made, session, null, 200, null);
            }
            callUrl(
                    dispatchers.get(1).baseUrl(),
                    "PUT",
                    "/api/v1/dashboard/webhook",
                    session,
                    "{\"url\":\"http://127.0.0.1:9/nobody\"}",
                    200,
                    null);
            // the dashboard's page, its script and the map library, through the front
            for (String page : List.of(
                    "/dashboard",
                    "/dashboard/assets/app.js",
                    "/webjars/leaflet/dist/leaflet.js",
                    "/assets/dispatch-map.js",
                    "/assets/dispatch-page.js")) {
                assertThat(sendUrl(base, "GET", page, Map.of(), null, null).statusCode())
                        .as(page)
                        .isEqualTo(200);
            }

            // the per-IP limit of tracking (5 a minute here) counts clients behind the front one by one
            awaitFreshWindow(base);
            String tracking = "/api/v1/track/" + "A".repeat(24);
            for (int i = 1; i <= 5; i++) {
                assertThat(sendUrl(base, "GET", tracking, Map.of(), null, "127.0.0.4")
                                .statusCode())
                        .isEqualTo(404);
            }
            assertThat(sendUrl(base, "GET", tracking, Map.of(), null, "127.0.0.4")
                            .statusCode())
                    .as("the sixth of one client behind the front")
                    .isEqualTo(429);
            assertThat(sendUrl(base, "GET", tracking, Map.of(), null, "127.0.0.5")
                            .statusCode())
                    .as("another client behind the same front has its own count")
                    .isEqualTo(404);
            // a client that is no trusted proxy cannot choose its count with X-Forwarded-For, also where
            // the service runs in a Kubernetes pod (queries.get(1))
            String direct = queries.get(1).baseUrl();
            for (int i = 1; i <= 5; i++) {
                assertThat(sendUrl(
                                        direct,
                                        "GET",
                                        tracking,
                                        Map.of("X-Forwarded-For", "198.51.100." + i),
                                        null,
                                        "127.0.0.3")
                                .statusCode())
                        .isEqualTo(404);
            }
            assertThat(sendUrl(direct, "GET", tracking, Map.of("X-Forwarded-For", "198.51.100.99"), null, "127.0.0.3")
                            .statusCode())
                    .as("a spoofed X-Forwarded-For from a client is ignored")
                    .isEqualTo(429);
        }
    }

    /**
     * Each process names only the routes of what it hosts (ADR 0056): the console's and the rider
     * app's pages are command-service's; the other services answer them as any path they do not
     * name, 401 without a credential and 404 with the operator token, never as public pages.
     */
    @Test
    @Order(1)
    void each_process_serves_publicly_only_the_pages_of_what_it_hosts() throws Exception {
        for (String page : List.of("/console", "/rider/")) {
            assertThat(sendUrl(commands.get(0).baseUrl(), "GET", page, Map.of(), null, null)
                            .statusCode())
                    .as("%s on command-service", page)
                    .isEqualTo(200);
            for (ServiceProcess other : List.of(queries.get(0), dispatchers.get(0))) {
                assertThat(sendUrl(other.baseUrl(), "GET", page, Map.of(), null, null)
                                .statusCode())
                        .as("%s on %s without a credential", page, other.name)
                        .isEqualTo(401);
                assertThat(sendUrl(other.baseUrl(), "GET", page, admin(), null, null)
                                .statusCode())
                        .as("%s on %s with the operator token", page, other.name)
                        .isEqualTo(404);
            }
        }
    }

    /** Waits out a rate-limit window that has less than 20 s left, so the counts below share one. */
    private static void awaitFreshWindow(String base) throws Exception {
        HttpResponse<String> probe =
                sendUrl(base, "GET", "/api/v1/track/" + "B".repeat(24), Map.of(), null, "127.0.0.6");
        long reset =
                Long.parseLong(probe.headers().firstValue("RateLimit-Reset").orElse("60"));
        if (reset < 20) {
            await().atMost(Duration.ofSeconds(25))
                    .pollDelay(Duration.ofSeconds(reset + 1))
                    .until(() -> true);
        }
    }

    private static List<String> addresses(List<ServiceProcess> services) {
        return services.stream().map(service -> "127.0.0.1:" + service.port).toList();
    }

    @Test
    @Order(2)
    void two_of_each_serve_every_write_and_read_and_survive_a_sigkill_of_one_of_each() throws Exception {
        JsonNode merchant =
                commands.get(0).call("POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"Apart\"}", 201);
        String merchantId = merchant.get("id").asText();
        String apiKey = commands.get(1)
                .call("POST", "/api/v1/admin/merchants/" + merchantId + "/api-keys", admin(), "{}", 201)
                .get("apiKey")
                .asText();
        String signingSecret = dispatchers
                .get(0)
                .call(
                        "PUT",
                        "/api/v1/admin/merchants/" + merchantId + "/webhook",
                        admin(),
                        "{\"url\":\"" + receiver.url() + "\"}",
                        200)
                .get("signingSecret")
                .asText();
        JsonNode rider = commands.get(0)
                .call(
                        "POST",
                        "/api/v1/admin/riders",
                        admin(),
                        "{\"name\":\"Otieno\",\"phone\":\"+254 711 000 000\"}",
                        201);

        // the simulator runs on exactly one engine process and drives a sandbox delivery; the first
        // test killed one engine, so a second one joins
        if (engines.stream().filter(ServiceProcess::alive).count() < 2) {
            ServiceProcess joined =
                    ServiceProcess.start("dispatch-engine", "engine-" + (engines.size() + 1), engineSettings);
            engines.add(joined);
            ServiceProcess.awaitReady(List.of(joined), Duration.ofMinutes(2));
        }
        JsonNode sandbox = commands.get(0)
                .call("POST", "/api/v1/admin/merchants", admin(), "{\"name\":\"Sandbox\",\"sandbox\":true}", 201);
        String sandboxKey = commands.get(0)
                .call("POST", "/api/v1/admin/merchants/" + sandbox.get("id").asText() + "/api-keys", admin(), "{}", 201)
                .get("apiKey")
                .asText();
        await().atMost(Duration.ofSeconds(30)).until(() -> simulatorLeaders().size() == 1);
        ServiceProcess simulatorLeader = simulatorLeaders().getFirst();
        awaitDriven(sandboxKey, commands.get(1), queries.get(1));

        // steady load across both writers and both readers
        Phase before = load(apiKey, rider.get("token").asText(), commands, queries, 40, "before");
        assertThat(before.unreadable)
                .as("reads right after the write, on the other instances")
                .isEmpty();

        // one of each is killed (not the command-service the engines call; the engine that drives the
        // simulator); the survivors carry on
        if (commands.get(0) == engineTarget) {
            java.util.Collections.swap(commands, 0, 1);
        }
        long killedAt = System.nanoTime();
        simulatorLeader.kill();
        commands.get(0).kill();
        queries.get(0).kill();
        dispatchers.get(0).kill();
        assertThat(commands.get(0).readiness()).isEqualTo(-1);
        assertThat(queries.get(0).readiness()).isEqualTo(-1);
        assertThat(dispatchers.get(0).readiness()).isEqualTo(-1);
        List<ServiceProcess> liveCommands = List.of(commands.get(1));
        List<ServiceProcess> liveQueries = List.of(queries.get(1));
        // the surviving writer claims the publisher once the dead one's claim times out: wait for it
        long takeover = System.nanoTime();
        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> load(apiKey, null, liveCommands, liveQueries, 12, "probe")
                        .unreadable
                        .isEmpty());
        double takeoverSeconds = (System.nanoTime() - takeover) / 1e9;
        Phase after = load(apiKey, rider.get("token").asText(), liveCommands, liveQueries, 40, "after");
        assertThat(after.unreadable)
                .as("reads right after the write, after the kill")
                .isEmpty();
        // the surviving engine took the simulator over
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        simulatorLeaders().size() == 1 && simulatorLeaders().getFirst() != simulatorLeader);
        awaitDriven(sandboxKey, commands.get(1), queries.get(1));

        // every delivery exists once and is readable; every created webhook arrived
        // including those made while the survivors took over
        List<String> created = new ArrayList<>(ALL_CREATED);
        for (String id : created) {
            queries.get(1).call("GET", "/api/v1/external/dispatches/" + id, merchant(apiKey), null, 200);
        }
        JsonNode list =
                queries.get(1).call("GET", "/api/v1/external/dispatches?limit=200", merchant(apiKey), null, 200);
        Map<String, Integer> byExternalId = new HashMap<>();
        list.forEach(item -> byExternalId.merge(item.get("externalId").asText(), 1, Integer::sum));
        assertThat(byExternalId.values()).as("no delivery twice").allMatch(count -> count == 1);
        await().atMost(Duration.ofSeconds(90))
                .untilAsserted(() -> assertThat(createdWebhooks().keySet()).containsAll(created));

        // no notification twice, except one whose attempt was in flight when its dispatcher died
        Map<String, List<Long>> byEventId = new LinkedHashMap<>();
        for (WebhookReceiver.Received received : receiver.received()) {
            byEventId
                    .computeIfAbsent(received.header("X-Dispatch-Event-Id"), id -> new ArrayList<>())
                    .add(received.atNanos());
        }
        List<String> duplicated = byEventId.entrySet().stream()
                .filter(e -> e.getValue().size() > 1)
                .map(Map.Entry::getKey)
                .toList();
        for (String eventId : duplicated) {
            assertThat(byEventId.get(eventId).getFirst())
                    .as("duplicate %s was first received before the kill", eventId)
                    .isLessThan(killedAt + Duration.ofSeconds(1).toNanos());
        }

        // the survivors' consumers catch up
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(queries.get(1).consumerLag(admin())).isZero();
            assertThat(dispatchers.get(1).consumerLag(admin())).isZero();
        });
        // nothing secret in any log line of any service
        List<String> secrets = List.of(
                ADMIN,
                secretOf(apiKey),
                secretOf(sandboxKey),
                secretOf(rider.get("token").asText()),
                signingSecret,
                encryptionKey);
        for (List<ServiceProcess> group : List.of(engines, commands, queries, dispatchers)) {
            for (ServiceProcess service : group) {
                String log = service.log();
                for (String secret : secrets) {
                    assertThat(log).as("%s's log holds no secret", service.name).doesNotContain(secret);
                }
            }
        }
        System.out.printf(
                "multi-process: created %d (before kill %d, during takeover %d, after %d), readable %d, lost 0, duplicated "
                        + "deliveries 0, webhooks received %d for %d events (%d duplicates, all in flight at the kill), "
                        + "rider moves %d, publisher takeover %.1f s%n",
                created.size(),
                before.ids.size(),
                created.size() - before.ids.size() - after.ids.size(),
                after.ids.size(),
                created.size(),
                receiver.received().size(),
                byEventId.size(),
                duplicated.size(),
                before.riderMoves + after.riderMoves,
                takeoverSeconds);
    }

    /** The engine processes whose simulator drives riders (the others stand by). */
    private static List<ServiceProcess> simulatorLeaders() throws Exception {
        List<ServiceProcess> leaders = new ArrayList<>();
        for (ServiceProcess engine : engines) {
            if (engine.alive()
                    && !engine.call("GET", "/api/v1/admin/simulator", admin(), null, 200)
                            .get("simulatedRiders")
                            .isEmpty()) {
                leaders.add(engine);
            }
        }
        return leaders;
    }

    /** A sandbox merchant's new delivery is taken to DELIVERED by a simulated rider. */
    private static void awaitDriven(String sandboxKey, ServiceProcess writer, ServiceProcess reader) throws Exception {
        String id = writer.call(
                        "POST",
                        "/api/v1/external/dispatches",
                        merchant(sandboxKey),
                        ORDER.formatted("sandbox-" + UUID.randomUUID()),
                        201)
                .get("id")
                .asText();
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(
                                reader.call("GET", "/api/v1/external/dispatches/" + id, merchant(sandboxKey), null, 200)
                                        .get("status")
                                        .asText())
                        .isEqualTo("DELIVERED"));
    }

    private record Phase(List<String> ids, List<String> unreadable, int riderMoves) {}

    /** Creates, reading each back at once on the next reader; the rider takes every fifth one to IN_TRANSIT. */
    private static Phase load(
            String apiKey,
            String riderToken,
            List<ServiceProcess> writers,
            List<ServiceProcess> readers,
            int count,
            String tag)
            throws Exception {
        List<String> ids = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        int moves = 0;
        for (int i = 0; i < count; i++) {
            ServiceProcess writer = writers.get(i % writers.size());
            ServiceProcess reader = readers.get((i + 1) % readers.size());
            String externalId = tag + "-" + i + "-" + UUID.randomUUID();
            HttpResponse<String> written =
                    writer.send("POST", "/api/v1/external/dispatches", merchant(apiKey), ORDER.formatted(externalId));
            assertThat(written.statusCode())
                    .as("create on %s: %s", writer.name, written.body())
                    .isEqualTo(201);
            String id = JSON.readTree(written.body()).get("data").get("id").asText();
            ids.add(id);
            ALL_CREATED.add(id);
            HttpResponse<String> read = reader.send("GET", "/api/v1/external/dispatches/" + id, merchant(apiKey), null);
            if (read.statusCode() != 200) {
                // what the report needs to tell a late publication from a stale read
                unreadable.add(id + " (" + read.statusCode() + ", written by " + writer.name + " at "
                        + written.headers().firstValue("X-Log-Position").orElse("no log position") + ", read on "
                        + reader.name
                        + ", read again: "
                        + reader.send("GET", "/api/v1/external/dispatches/" + id, merchant(apiKey), null)
                                .statusCode() + ")");
            }
            if (riderToken != null && i % 5 == 0) {
                Map<String, String> rider = Map.of("X-Rider-Token", riderToken);
                for (String step : List.of("accept", "pickup", "depart")) {
                    writer.call("POST", "/api/v1/rider/dispatches/" + id + "/" + step, rider, null, 200);
                    moves++;
                }
                writer.call("POST", "/api/v1/rider/location", rider, "{\"lat\":-1.29,\"lng\":36.80}", 202);
            }
        }
        return new Phase(ids, unreadable, moves);
    }

    private static Map<String, Integer> createdWebhooks() throws Exception {
        Map<String, Integer> created = new HashMap<>();
        for (WebhookReceiver.Received received : receiver.received()) {
            JsonNode body = JSON.readTree(received.body());
            if ("dispatch.created".equals(body.get("event").asText())) {
                created.merge(body.get("data").get("dispatch_id").asText(), 1, Integer::sum);
            }
        }
        return created;
    }

    /** The secret half of {@code <key_id>.<secret>}. */
    private static String secretOf(String credential) {
        return credential.substring(credential.indexOf('.') + 1);
    }

    private static Map<String, String> admin() {
        return Map.of("X-Admin-Token", ADMIN);
    }

    private static Map<String, String> merchant(String apiKey) {
        return Map.of("X-API-Key", apiKey, "Idempotency-Key", UUID.randomUUID().toString());
    }

    private static JsonNode callUrl(
            String base,
            String method,
            String path,
            Map<String, String> headers,
            String body,
            int expected,
            String from)
            throws Exception {
        HttpResponse<String> response = sendUrl(base, method, path, headers, body, from);
        assertThat(response.statusCode())
                .as("%s %s through %s: %s", method, path, base, response.body())
                .isEqualTo(expected);
        return JSON.readTree(response.body()).get("data");
    }

    /** A request from the given local address (another "host" on loopback), or the default one. */
    private static HttpResponse<String> sendUrl(
            String base, String method, String path, Map<String, String> headers, String body, String from)
            throws Exception {
        HttpClient client = from == null
                ? HTTP
                : HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .localAddress(java.net.InetAddress.getByName(from))
                        .build();
        return client.send(
                ServiceProcess.request(base, method, path, headers, body), HttpResponse.BodyHandlers.ofString());
    }
}
