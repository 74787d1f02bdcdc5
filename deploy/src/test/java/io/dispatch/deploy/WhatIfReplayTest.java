package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.infrastructure.Infrastructure;
import io.dispatch.infrastructure.InfrastructureOptions;
import io.dispatch.infrastructure.RunningInfrastructure;
import io.dispatch.logreport.LogReport;
import io.dispatch.policy.sim.DispatchSim;
import io.dispatch.web.secret.SecretCipher;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What-if on the log (decisions.md section 17), proved on a real day: the sandbox simulator's riders carry a sandbox
 * merchant's deliveries through the real pipeline (command-service and the dispatch engine as processes of their own,
 * Kafka and PostgreSQL, ranked offers, HTTP everywhere) in real time; {@code log-report --scenario} exports the period
 * from Kafka; {@code dispatch-sim --compare RANKED} replays the export under the policy that actually ran; the
 * simulated row must reproduce the recorded one within these tolerances, which is what makes a comparison with other
 * policies mean anything:
 * <ul>
 *   <li>the same orders, all delivered in both, none never assigned; the same orders per rider-hour;
 *   <li>click-to-door: mean within 10 %, 90th percentile within 20 %;
 *   <li>time to assign: median within 3 s;
 *   <li>metres per order within 10 %;
 *   <li>offers made within 3 of each other.
 * </ul>
 * The differences that remain are the real pipeline's own: the seconds a decision takes to reach the engine and the
 * rider, scenario times in whole seconds, and the riders' positions as the engine last heard them (every second on
 * the way, every minute when idle) where the simulator knows them exactly. The day: 6 riders, 12 orders placed 5 s
 * apart near Nairobi's centre, rides at 200 km/h over a detour factor of 1.3 (under a minute of riding per order), accept
 * after 3 s, 4 s at each stop, in a zone of its own. The comparison goes to {@code target/what-if/replay.json}.
 */
class WhatIfReplayTest {

    private static final String ADMIN = "what-if-admin-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RIDERS = 6;
    private static final int ORDERS = 12;
    private static final int SERVICE_SECONDS = 4;
    private static final double CENTRE_LAT = -1.2864;
    private static final double CENTRE_LNG = 36.8172;
    private static final String ZONE = "what-if-day";

    private static RunningInfrastructure infrastructure;
    private static ServiceProcess command;
    private static ServiceProcess engine;
    private static Instant from;

    @BeforeAll
    static void start() throws Exception {
        // the period starts before the riders go on shift, so their shifts are in it from their first position
        from = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        infrastructure = Infrastructure.start(InfrastructureOptions.ephemeral());
        infrastructure.createDatabase("whatif");
        Map<String, String> settings = new HashMap<>(infrastructure.springProperties("whatif"));
        settings.put("dispatch.admin-token", ADMIN);
        settings.put("dispatch.webhook.secret-encryption-key", SecretCipher.newBase64Key());
        settings.put("dispatch.integrations.secret-encryption-key", SecretCipher.newBase64Key());
        settings.put("dispatch.rate-limit.per-minute", "100000");
        settings.put("dispatch.rate-limit.rider-per-minute", "100000");
        command = ServiceProcess.start("command-service", "what-if-command", settings);
        ServiceProcess.awaitReady(List.of(command), Duration.ofMinutes(3));
        // a zone of the day over the riders' start (before nairobi-cbd, priority 10): its travel model and policy
        command.call("PUT", "/api/v1/admin/zones/" + ZONE, admin(), """
        {"name":"What-if day","priority":1,
         "polygon":{"type":"Polygon","coordinates":[[[36.76,-1.34],[36.87,-1.34],[36.87,-1.23],[36.76,-1.23],[36.76,-1.34]]]},
         "baseFeeCents":10000,"perKmCents":1000,"minFeeCents":12000,"targetPickupSeconds":900,
         "targetDeliverySeconds":2700,"detourFactor":1.3,"avgSpeedKmh":200}""", 201);
        command.call(
                "PUT",
                "/api/v1/admin/dispatch/policies/" + ZONE,
                admin(),
                "{\"mode\":\"RANKED\",\"offerTimeout\":\"PT20S\"}",
                200);
        Map<String, String> engineSettings = new HashMap<>(settings);
        engineSettings.put("dispatch.engine.command-url", command.baseUrl());
        engineSettings.put("dispatch.simulator.enabled", "true");
        engineSettings.put("dispatch.simulator.riders", String.valueOf(RIDERS));
        engineSettings.put("dispatch.simulator.time-scale", "1");
        engineSettings.put("dispatch.simulator.fail-share", "0");
        engineSettings.put("dispatch.simulator.decline-share", "0");
        engineSettings.put("dispatch.simulator.accept-after", "PT3S");
        engineSettings.put("dispatch.simulator.pickup-time", "PT" + SERVICE_SECONDS + "S");
        engineSettings.put("dispatch.simulator.handover-time", "PT" + SERVICE_SECONDS + "S");
        engineSettings.put("dispatch.simulator.location-interval", "PT1S");
        engine = ServiceProcess.start("dispatch-engine", "what-if-engine", engineSettings);
        ServiceProcess.awaitReady(List.of(engine), Duration.ofMinutes(2));
    }

    @AfterAll
    static void stop() {
        for (ServiceProcess service : new ServiceProcess[] {engine, command}) {
            if (service != null) {
                service.close();
            }
        }
        if (infrastructure != null) {
            infrastructure.close();
        }
    }

    @Test
    void the_simulator_replaying_a_real_day_under_the_policy_that_ran_reproduces_what_the_log_recorded()
            throws Exception {
        JsonNode merchant = command.call("POST", "/api/v1/admin/merchants", admin(), """
        {"name":"What-if sandbox","sandbox":true}""", 201);
        String apiKey = command.call(
                        "POST",
                        "/api/v1/admin/merchants/" + merchant.get("id").asText() + "/api-keys",
                        admin(),
                        "{}",
                        201)
                .get("apiKey")
                .asText();
        // every simulated rider on shift with a position, so the day starts with its whole fleet
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> simulator().path("simulatedRiders").size() == RIDERS && eligibleRiders() == RIDERS);

        Random random = new Random(36);
        Instant firstOrder = null;
        Instant lastOrder = null;
        for (int i = 0; i < ORDERS; i++) {
            if (i > 0) {
                await().pollDelay(Duration.ofSeconds(5))
                        .atMost(Duration.ofSeconds(6))
                        .until(() -> true);
            }
            double pickupLat = CENTRE_LAT + (random.nextDouble() * 2 - 1) * 0.006;
            double pickupLng = CENTRE_LNG + (random.nextDouble() * 2 - 1) * 0.006;
            double dropoffLat = CENTRE_LAT + (random.nextDouble() * 2 - 1) * 0.012;
            double dropoffLng = CENTRE_LNG + (random.nextDouble() * 2 - 1) * 0.012;
            command.call(
                    "POST",
                    "/api/v1/external/dispatches",
                    Map.of(
                            "X-API-Key",
                            apiKey,
                            "Idempotency-Key",
                            java.util.UUID.randomUUID().toString()),
                    String.format(Locale.ROOT, """
                    {"customerName":"Wanjiru %d","customerPhone":"+254 700 000 %03d",
                     "pickup":{"address":"Shop %d","lat":%.6f,"lng":%.6f},
                     "dropoff":{"address":"Home %d","lat":%.6f,"lng":%.6f},"paymentType":"PREPAID"}""", i, i, i, pickupLat, pickupLng, i, dropoffLat, dropoffLng),
                    201);
            lastOrder = Instant.now();
            if (firstOrder == null) {
                firstOrder = lastOrder;
            }
        }
        assertThat(firstOrder).isAfter(from);
        await().atMost(Duration.ofMinutes(5))
                .pollInterval(Duration.ofSeconds(2))
                .until(() -> simulator().path("counts").path("DELIVERED").asInt() == ORDERS);
        Instant to = lastOrder.plusSeconds(1).truncatedTo(ChronoUnit.SECONDS);

        Path home = Files.createDirectories(Path.of("target", "what-if"));
        Path scenario = home.resolve("replay-scenario.json");
        Output exported = run(err -> LogReport.run(
                List.of(
                        "--scenario",
                        "--kafka",
                        infrastructure.kafkaBootstrapServers(),
                        "--from",
                        from.toString(),
                        "--to",
                        to.toString(),
                        "--zone",
                        ZONE,
                        // the zone's travel model, which the Kafka log does not hold (the event store's tables do)
                        "--speed-kmh",
                        "200",
                        "--detour-factor",
                        "1.3",
                        "--pickup-service-seconds",
                        String.valueOf(SERVICE_SECONDS),
                        "--dropoff-service-seconds",
                        String.valueOf(SERVICE_SECONDS),
                        "--out",
                        scenario.toString()),
                new PrintStream(new ByteArrayOutputStream()),
                err,
                false));
        assertThat(exported.status())
                .as("log-report --scenario: %s", exported.err())
                .isZero();
        JsonNode file = JSON.readTree(scenario.toFile());
        assertThat(file.path("orders").size()).isEqualTo(ORDERS);
        assertThat(file.path("riders").size()).isEqualTo(RIDERS);
        assertThat(file.path("policy").path("mode").asText()).isEqualTo("RANKED");
        assertThat(file.path("speedKmh").asDouble()).isEqualTo(200.0);
        assertThat(file.path("detourFactor").asDouble()).isEqualTo(1.3);

        ByteArrayOutputStream table = new ByteArrayOutputStream();
        Output compared = run(err -> DispatchSim.run(
                new String[] {scenario.toString(), "--compare", "RANKED", "--json"},
                new PrintStream(table, true, StandardCharsets.UTF_8),
                err));
        assertThat(compared.status())
                .as("dispatch-sim --compare: %s", compared.err())
                .isZero();
        Files.write(home.resolve("replay.json"), table.toByteArray());
        JsonNode rows = JSON.readTree(table.toByteArray()).path("rows");
        assertThat(rows).extracting(row -> row.path("mode").asText()).containsExactly("recorded", "RANKED");
        JsonNode recorded = rows.get(0).path("figures");
        JsonNode replayed = rows.get(1).path("figures");

        assertThat(recorded.path("orders").asInt()).isEqualTo(ORDERS);
        assertThat(recorded.path("delivered").asInt()).isEqualTo(ORDERS);
        assertThat(replayed.path("orders").asInt()).isEqualTo(ORDERS);
        assertThat(replayed.path("delivered").asInt()).isEqualTo(ORDERS);
        assertThat(replayed.path("neverAssigned").asInt()).isZero();
        assertThat(replayed.path("ordersPerRiderHour").asDouble())
                .isEqualTo(recorded.path("ordersPerRiderHour").asDouble());
        assertWithin(recorded, replayed, "clickToDoorSeconds", "mean", 0.10);
        assertWithin(recorded, replayed, "clickToDoorSeconds", "p90", 0.20);
        assertThat(replayed.path("timeToAssignSeconds").path("p50").asDouble())
                .as("time to assign, median")
                .isCloseTo(recorded.path("timeToAssignSeconds").path("p50").asDouble(), within(3.0));
        assertThat(replayed.path("metersPerOrder").asDouble())
                .as("metres per order")
                .isCloseTo(
                        recorded.path("metersPerOrder").asDouble(),
                        within(recorded.path("metersPerOrder").asDouble() * 0.10));
        assertThat(replayed.path("offers").path("made").asInt())
                .as("offers made")
                .isCloseTo(recorded.path("offers").path("made").asInt(), within(3));
    }

    private static void assertWithin(JsonNode recorded, JsonNode replayed, String figure, String part, double share) {
        double real = recorded.path(figure).path(part).asDouble();
        assertThat(real).as("%s %s recorded", figure, part).isPositive();
        assertThat(replayed.path(figure).path(part).asDouble())
                .as("%s %s replayed against %.1f recorded", figure, part, real)
                .isCloseTo(real, within(real * share));
    }

    /** A command line's exit status and what it wrote on standard error. */
    private record Output(int status, String err) {}

    private interface CommandLine {
        int run(PrintStream err) throws Exception;
    }

    private static Output run(CommandLine line) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = line.run(new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Output(status, err.toString(StandardCharsets.UTF_8));
    }

    private static JsonNode simulator() throws Exception {
        return engine.call("GET", "/api/v1/admin/simulator", admin(), null, 200);
    }

    /** Riders the engine may offer to (on shift, with a fresh position), from its status route. */
    private static int eligibleRiders() throws Exception {
        JsonNode status = engine.call("GET", "/api/v1/admin/dispatch/engine", admin(), null, 200);
        int eligible = 0;
        for (JsonNode rider : status.path("riders")) {
            if (rider.path("eligible").asBoolean()) {
                eligible++;
            }
        }
        return status.path("leading").asBoolean() ? eligible : 0;
    }

    private static Map<String, String> admin() {
        return Map.of("X-Admin-Token", ADMIN);
    }
}
