package io.dispatch.logreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import io.dispatch.events.RiderPositionReported;
import io.dispatch.events.codec.RiderPositionCodec;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.sim.Recorded;
import io.dispatch.policy.sim.Scenario;
import io.dispatch.policy.sim.ScenarioJson;
import io.dispatch.policy.sim.SimReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** log-report --scenario over the crafted hour on a real (embedded) Kafka: dispatch events and rider positions. */
class KafkaScenarioTest {

    private static String servers;
    private static String events;
    private static String positions;

    @BeforeAll
    static void writeTheCraftedHour() throws Exception {
        servers = SharedTestInfrastructure.get().kafkaBootstrapServers();
        events = "scenario-events-" + UUID.randomUUID();
        positions = "scenario-positions-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers))) {
            // the records are from February 2026: retention.ms=-1, or the broker's 7 days would delete them
            Map<String, String> keep = Map.of("retention.ms", "-1");
            admin.createTopics(List.of(
                            new NewTopic(events, 2, (short) 1).configs(keep),
                            new NewTopic(positions, 2, (short) 1).configs(keep)))
                    .all()
                    .get();
        }
        ScenarioLog log = ScenarioLog.crafted();
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        properties.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(properties, new StringSerializer(), new ByteArraySerializer())) {
            for (CraftedLog.Entry entry : log.kafkaEvents()) {
                producer.send(new ProducerRecord<>(events, null, entry.at().toEpochMilli(), entry.key(), entry.value()))
                        .get();
            }
            RiderPositionCodec.Writer writer = new RiderPositionCodec.Writer();
            boolean garbageSent = false;
            for (RiderPositionReported fix : log.positions()) {
                if (!garbageSent && !fix.recordedAt().isBefore(ScenarioLog.T0)) {
                    // in time order, as a broker's records are: a record that is not a fix, at the period's start
                    producer.send(new ProducerRecord<>(
                                    positions,
                                    null,
                                    ScenarioLog.T0.toEpochMilli(),
                                    "garbage",
                                    "not a fix".getBytes(StandardCharsets.UTF_8)))
                            .get();
                    garbageSent = true;
                }
                producer.send(new ProducerRecord<>(
                                positions,
                                null,
                                fix.receivedAt().toEpochMilli(),
                                fix.riderId().toString(),
                                writer.serialize(positions, fix)))
                        .get();
            }
        }
    }

    @Test
    void the_scenario_file_holds_the_periods_orders_riders_and_what_happened(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hour.json");
        ReportRun run = ReportRun.of(
                "--scenario",
                "--kafka",
                servers,
                "--topic",
                events,
                "--positions-topic",
                positions,
                "--from",
                "2026-02-01T10:00:00Z",
                "--to",
                "2026-02-01T11:00:00Z",
                "--detour-factor",
                "1.25",
                "--target-click-to-door-seconds",
                "1600",
                "--out",
                file.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEmpty();
        Scenario scenario = ScenarioJson.read(file);
        assertThat(scenario.orders())
                .extracting(Scenario.Order::id)
                .containsExactly(
                        ScenarioLog.O1.toString(),
                        ScenarioLog.O2.toString(),
                        ScenarioLog.O3.toString(),
                        ScenarioLog.O5.toString(),
                        ScenarioLog.O6.toString());
        // R3 rides after the last order's end, R4 before the period: not read at all
        assertThat(scenario.riders())
                .extracting(Scenario.Rider::id, Scenario.Rider::onAt, Scenario.Rider::offAt, Scenario.Rider::maxActive)
                .containsExactly(
                        tuple(ScenarioLog.R1.toString(), 0L, 1980L, 2),
                        tuple(ScenarioLog.R2.toString(), 100L, 1000L, 2),
                        tuple(ScenarioLog.R1 + "#2", 2640L, 4200L, 2),
                        tuple(ScenarioLog.R5.toString(), 3700L, 4200L, 1));
        assertThat(scenario.policy().mode()).isEqualTo(Mode.RANKED);
        assertThat(scenario.policy().offerTimeout()).isEqualTo(Duration.ofSeconds(45));
        assertThat(scenario.riderAcceptSeconds()).isEqualTo(12);
        assertThat(scenario.riderAcceptShare()).isEqualTo(0.6);
        assertThat(scenario.detourFactor()).isEqualTo(1.25);
        assertThat(scenario.speedKmh()).isEqualTo(20);
        assertThat(scenario.targetClickToDoorSeconds()).isEqualTo(1600);

        Recorded recorded = ScenarioJson.readRecorded(file).orElseThrow();
        SimReport figures = recorded.figures();
        assertThat(figures.orders()).isEqualTo(5);
        assertThat(figures.delivered()).isEqualTo(3);
        assertThat(figures.neverAssigned()).isEqualTo(1);
        assertThat(figures.clickToDoorSeconds()).isEqualTo(new SimReport.Spread(1313.3, 1500, 1740));
        assertThat(figures.lateShare()).isEqualTo(0.3333);
        assertThat(figures.ordersPerRiderHour()).isEqualTo(2.186);
        assertThat(figures.offers()).isEqualTo(new SimReport.Offers(6, 2, 1));
        double meters = (ScenarioLog.r1At(0).greatCircleMeters(ScenarioLog.r1At(1980))
                        + ScenarioLog.r1At(2640).greatCircleMeters(ScenarioLog.r1At(4200))
                        + ScenarioLog.r2At(100).greatCircleMeters(ScenarioLog.r2At(1000)))
                * 1.25;
        assertThat(figures.metersPerOrder()).isCloseTo(meters / 3, within(0.051));
        assertThat(recorded.source()).contains(events).contains(positions);
        assertThat(run.err())
                .contains("1 records of " + positions + " were not a rider's fix")
                .contains("log-report: scenario of 5 orders, 4 riders, 3 delivered, period"
                        + " 2026-02-01T10:00:00Z..2026-02-01T11:00:00Z; written to " + file);
    }

    @Test
    void without_out_the_scenario_goes_to_standard_output() throws Exception {
        ReportRun run = ReportRun.of(
                "--scenario",
                "--kafka",
                servers,
                "--topic",
                events,
                "--positions-topic",
                positions,
                "--from",
                "2026-02-01T10:00:00Z",
                "--to",
                "2026-02-01T11:00:00Z",
                "--zone",
                "westlands");

        assertThat(run.exitCode()).as(run.err()).isZero();
        Path copy = Files.createTempFile("scenario", ".json");
        try {
            Files.writeString(copy, run.out());
            assertThat(ScenarioJson.read(copy).orders())
                    .extracting(Scenario.Order::id)
                    .containsExactly(ScenarioLog.O5.toString());
            assertThat(ScenarioJson.readRecorded(copy).orElseThrow().figures().neverAssigned())
                    .isEqualTo(1);
        } finally {
            Files.delete(copy);
        }
        assertThat(run.err())
                .contains("scenario of 1 orders, 2 riders, 0 delivered")
                .contains(" zone westlands");
    }

    @Test
    void a_missing_positions_topic_is_a_clear_error() {
        ReportRun run = ReportRun.of(
                "--scenario",
                "--kafka",
                servers,
                "--topic",
                events,
                "--positions-topic",
                "no-such-topic-" + UUID.randomUUID(),
                "--from",
                "2026-02-01T10:00:00Z",
                "--to",
                "2026-02-01T11:00:00Z",
                "--timeout",
                "3");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("does not exist");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void an_unreachable_broker_is_a_clear_error() {
        ReportRun run = ReportRun.of(
                "--scenario",
                "--kafka",
                "127.0.0.1:1",
                "--from",
                "2026-02-01T10:00:00Z",
                "--to",
                "2026-02-01T11:00:00Z",
                "--timeout",
                "2");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("cannot reach Kafka at 127.0.0.1:1 within 2 s");
    }
}
