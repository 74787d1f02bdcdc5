package io.dispatch.logreport;

import static io.dispatch.logreport.ExpectedReport.counts;
import static io.dispatch.logreport.ExpectedReport.ordered;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.events.EventType;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
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

/** The report over the crafted log written to a real (embedded) Kafka topic of two partitions. */
class KafkaLogReportTest {

    private static String servers;
    private static String topic;

    @BeforeAll
    static void writeTheCraftedLog() throws Exception {
        servers = SharedTestInfrastructure.get().kafkaBootstrapServers();
        topic = "report-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers))) {
            // the events are from January 2026: without retention.ms=-1 the broker's 7 days would delete them
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1).configs(Map.of("retention.ms", "-1"))))
                    .all()
                    .get();
        }
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        properties.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(properties, new StringSerializer(), new ByteArraySerializer())) {
            for (CraftedLog.Entry entry : CraftedLog.entries()) {
                // record time = event time, so --from/--to by time select by the event's minute
                producer.send(new ProducerRecord<>(topic, null, entry.at().toEpochMilli(), entry.key(), entry.value()))
                        .get();
            }
        }
    }

    @Test
    void every_figure_of_the_crafted_log_is_reported() {
        JsonNode report = ReportRun.json("--kafka", servers, "--topic", topic);

        ExpectedReport.assertWholeLog(report, true, "dispatch.teleported");
        assertThat(report.get("source").asText())
                .contains(topic)
                .contains("0:0-")
                .contains("1:0-");
        assertThat(report.get("merchant").isNull()).isTrue();
    }

    @Test
    void one_merchant_gets_its_own_events_and_the_unreadable_entries_that_name_no_merchant() {
        JsonNode report =
                ReportRun.json("--kafka", servers, "--topic", topic, "--merchant", CraftedLog.MERCHANT_A.toString());

        assertThat(report.get("entries").asLong()).isEqualTo(33);
        assertThat(report.get("events").asLong()).isEqualTo(18);
        assertThat(counts(report.get("eventsByMerchant")))
                .containsExactlyEntriesOf(ordered(CraftedLog.MERCHANT_A.toString(), 18));
        assertThat(report.get("eventsByType").get("dispatch.assigned").asLong()).isEqualTo(5);
        assertThat(report.get("deliveries").asLong()).isEqualTo(4);
        assertThat(counts(report.get("deliveriesByFinalStatus")))
                .containsAllEntriesOf(
                        ordered("ASSIGNED", 1, "IN_TRANSIT", 1, "DELIVERED", 2, "FAILED", 0, "CANCELLED", 0, "NEW", 0));
        ExpectedReport.assertServiceLevel(report.get("pickup"), 3, 1, 33.33);
        ExpectedReport.assertServiceLevel(report.get("delivery"), 2, 1, 50.0);
        assertThat(ExpectedReport.count(report, "anomalies", "SEQUENCE_GAP")).isEqualTo(1);
        assertThat(ExpectedReport.count(report, "anomalies", "DUPLICATE_EVENT_ID"))
                .isEqualTo(1);
        assertThat(ExpectedReport.count(report, "anomalies", "ILLEGAL_TRANSITION"))
                .isZero();
        assertThat(ExpectedReport.count(report, "anomalies", "EVENT_AFTER_TERMINAL"))
                .isZero();
        assertThat(counts(report.get("unreadable")).keySet())
                .containsExactly("UNKNOWN_TYPE", "FUTURE_VERSION", "UNDECODABLE");
        assertThat(ExpectedReport.count(report, "unreadable", "UNKNOWN_TYPE")).isEqualTo(1);
        assertThat(ExpectedReport.count(report, "unreadable", "FUTURE_VERSION")).isZero();
        assertThat(ExpectedReport.count(report, "unreadable", "UNDECODABLE")).isEqualTo(1);
        assertThat(report.get("unreadableTotal").asLong()).isEqualTo(2);
    }

    @Test
    void a_time_range_selects_records_by_their_timestamp() {
        JsonNode report = ReportRun.json("--kafka", servers, "--topic", topic, "--to", "2026-01-01T10:03:00Z");

        // before minute 3: D1 created, D2 created and assigned, D3 created
        assertThat(report.get("entries").asLong()).isEqualTo(4);
        assertThat(report.get("eventsByType").get("dispatch.created").asLong()).isEqualTo(3);
        assertThat(counts(report.get("deliveriesByFinalStatus")))
                .containsAllEntriesOf(ordered("NEW", 2, "ASSIGNED", 1));

        JsonNode later = ReportRun.json("--kafka", servers, "--topic", topic, "--from", "2026-01-01T10:45:00Z");
        // from minute 45: D4's location (after DELIVERED: its status is not known in this range), D1 and D2 delivered
        assertThat(later.get("entries").asLong()).isEqualTo(3);
        assertThat(later.get("deliveriesCreated").asLong()).isZero();
        assertThat(counts(later.get("deliveriesByFinalStatus")))
                .containsAllEntriesOf(ordered("DELIVERED", 2, "UNKNOWN", 1));
        assertThat(later.get("timeFromCreate").get("DELIVERED").get("count").asLong())
                .isZero();
        assertThat(ExpectedReport.count(later, "anomalies", "EVENT_AFTER_TERMINAL"))
                .isZero();
    }

    @Test
    void a_range_with_no_events_is_an_empty_report_not_an_error() {
        JsonNode byTime = ReportRun.json("--kafka", servers, "--topic", topic, "--from", "2030-01-01T00:00:00Z");
        JsonNode byOffset = ReportRun.json("--kafka", servers, "--topic", topic, "--from-offset", "1000");

        for (JsonNode report : List.of(byTime, byOffset)) {
            assertThat(report.get("entries").asLong()).isZero();
            assertThat(report.get("events").asLong()).isZero();
            assertThat(counts(report.get("eventsByType")).values())
                    .hasSize(EventType.values().length)
                    .containsOnly(0L);
            assertThat(counts(report.get("deliveriesByFinalStatus")).values()).containsOnly(0L);
            assertThat(report.get("timeFromCreate")
                            .get("DELIVERED")
                            .get("count")
                            .asLong())
                    .isZero();
            assertThat(report.get("timeFromCreate").get("DELIVERED").get("p50").isNull())
                    .isTrue();
            assertThat(report.get("pickup").get("missedPercent").asDouble()).isZero();
            assertThat(report.get("unreadableTotal").asLong()).isZero();
        }
    }

    @Test
    void offsets_per_partition_bound_the_range() {
        JsonNode none = ReportRun.json("--kafka", servers, "--topic", topic, "--to-offset", "0:0,1:0");
        JsonNode firstOfEach = ReportRun.json("--kafka", servers, "--topic", topic, "--to-offset", "1");

        assertThat(none.get("entries").asLong()).isZero();
        assertThat(firstOfEach.get("entries").asLong()).isEqualTo(2);
    }

    @Test
    void the_csv_report_parses_and_says_what_the_json_report_says(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("report.csv");
        ReportRun run = ReportRun.of("--kafka", servers, "--topic", topic, "--format", "csv", "--out", file.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEmpty();
        List<CSVRecord> rows = CSVFormat.RFC4180
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .get()
                .parse(new StringReader(Files.readString(file)))
                .getRecords();
        assertThat(rows).allSatisfy(row -> assertThat(row.size()).isEqualTo(8));
        assertThat(value(rows, "events_by_type", "dispatch.created", "count")).isEqualTo("8");
        assertThat(value(rows, "final_status", "DELIVERED", "count")).isEqualTo("3");
        assertThat(value(rows, "time_from_create", "DELIVERED", "p90_ms")).isEqualTo("4200000");
        assertThat(value(rows, "service_level", "delivery", "missed_percent")).isEqualTo("33.33");
        assertThat(value(rows, "anomaly", "SEQUENCE_GAP", "count")).isEqualTo("1");
        assertThat(value(rows, "unreadable", "UNKNOWN_TYPE", "count")).isEqualTo("1");
        assertThat(rows).anySatisfy(row -> {
            assertThat(row.get("section")).isEqualTo("anomaly");
            assertThat(row.get("metric")).isEqualTo("listed");
            assertThat(row.get("dispatch_id")).isEqualTo(CraftedLog.D5.toString());
            assertThat(row.get("sequence")).isEqualTo("3");
        });
    }

    @Test
    void the_text_report_names_each_section() {
        ReportRun run = ReportRun.of("--kafka", servers, "--topic", topic);

        assertThat(run.exitCode()).isZero();
        assertThat(run.out())
                .contains(
                        "events per type",
                        "dispatch.created",
                        "deliveries per final status",
                        "time from create",
                        "picked up after targetPickupAt: 1 of 5 (20.00 %)",
                        "SEQUENCE_GAP",
                        "sequence 2 missing",
                        "unreadable entries: 3",
                        "late by 10m 00s");
        assertThat(run.err()).contains("33 entries read");
    }

    @Test
    void an_unreachable_broker_is_a_clear_error_within_the_timeout() {
        long started = System.nanoTime();
        ReportRun run = ReportRun.of("--kafka", "127.0.0.1:1", "--timeout", "2");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("cannot reach Kafka at 127.0.0.1:1 within 2 s");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void a_missing_topic_is_an_error_not_an_empty_report() {
        ReportRun run =
                ReportRun.of("--kafka", servers, "--topic", "no-such-topic-" + UUID.randomUUID(), "--timeout", "3");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("does not exist");
    }

    private static String value(List<CSVRecord> rows, String section, String key, String metric) {
        return rows.stream()
                .filter(r -> r.get("section").equals(section)
                        && r.get("key").equals(key)
                        && r.get("metric").equals(metric))
                .map(r -> r.get("value"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(section + "/" + key + "/" + metric));
    }
}
