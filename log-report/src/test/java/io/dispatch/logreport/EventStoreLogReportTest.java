package io.dispatch.logreport;

import static io.dispatch.logreport.ExpectedReport.counts;
import static io.dispatch.logreport.ExpectedReport.ordered;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dispatch.infrastructure.RunningInfrastructure;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The report over the crafted log stored as Axon would store it, in a command.domain_event_entry
 * table made by command-service's own migration.
 */
class EventStoreLogReportTest {

    private static final Path MIGRATION =
            Path.of("../command-service/src/main/resources/db/command/V1__event_store.sql");
    private static RunningInfrastructure infrastructure;
    private static String url;

    @BeforeAll
    static void storeTheCraftedLog() throws Exception {
        infrastructure = SharedTestInfrastructure.get();
        url = infrastructure.jdbcUrl(SharedTestInfrastructure.newDatabase());
        try (Connection connection =
                DriverManager.getConnection(url, infrastructure.username(), infrastructure.password())) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("create schema command; set search_path to command");
                ddl.execute(Files.readString(MIGRATION));
            }
            try (PreparedStatement insert = connection.prepareStatement("insert into command.domain_event_entry"
                    + " (aggregateIdentifier, sequenceNumber, type, eventIdentifier, metaData, payload, payloadRevision,"
                    + " payloadType, timeStamp) values (?, ?, 'Dispatch', ?, null, ?, ?, ?, ?)")) {
                for (CraftedLog.Entry entry : CraftedLog.entries()) {
                    CraftedLog.Row row = entry.row();
                    if (row == null) {
                        continue; // the duplicate: the store's unique event identifier refuses it
                    }
                    insert.setString(1, row.aggregateIdentifier());
                    insert.setLong(2, row.sequenceNumber());
                    insert.setString(3, row.eventIdentifier());
                    insert.setBytes(4, row.payload());
                    insert.setString(5, row.payloadRevision());
                    insert.setString(6, row.payloadType());
                    insert.setString(7, row.timeStamp());
                    insert.executeUpdate();
                }
            }
        }
    }

    private static String[] args(String... more) {
        List<String> all = new java.util.ArrayList<>(List.of(
                "--db", url, "--db-user", infrastructure.username(), "--db-password", infrastructure.password()));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void every_figure_of_the_crafted_log_is_reported() {
        JsonNode report = ReportRun.json(args());

        ExpectedReport.assertWholeLog(report, false, "io.dispatch.events.DispatchTeleported");
        assertThat(report.get("source").asText())
                .contains("command.domain_event_entry")
                .contains("to 32");
        assertThat(report.get("anomalies")
                        .get("SEQUENCE_GAP")
                        .get("listed")
                        .get(0)
                        .get("position")
                        .asText())
                .matches("\\d+");
    }

    @Test
    void one_merchant_gets_its_own_events() {
        JsonNode report = ReportRun.json(args("--merchant", CraftedLog.MERCHANT_B.toString()));

        assertThat(report.get("events").asLong()).isEqualTo(12);
        assertThat(report.get("deliveries").asLong()).isEqualTo(4);
        assertThat(counts(report.get("deliveriesByFinalStatus")))
                .containsAllEntriesOf(
                        ordered("NEW", 1, "DELIVERED", 1, "FAILED", 1, "CANCELLED", 1, "ASSIGNED", 0, "IN_TRANSIT", 0));
        assertThat(ExpectedReport.count(report, "anomalies", "ILLEGAL_TRANSITION"))
                .isEqualTo(1);
        assertThat(ExpectedReport.count(report, "anomalies", "EVENT_AFTER_TERMINAL"))
                .isEqualTo(1);
        assertThat(ExpectedReport.count(report, "anomalies", "SEQUENCE_GAP")).isZero();
        // B's future version, and the undecodable row that names no merchant; not A's unknown type
        assertThat(ExpectedReport.count(report, "unreadable", "FUTURE_VERSION")).isEqualTo(1);
        assertThat(ExpectedReport.count(report, "unreadable", "UNDECODABLE")).isEqualTo(1);
        assertThat(ExpectedReport.count(report, "unreadable", "UNKNOWN_TYPE")).isZero();
    }

    @Test
    void a_time_range_selects_rows_by_their_stored_time() {
        JsonNode report = ReportRun.json(args("--from", "2026-01-01T10:00:00Z", "--to", "2026-01-01T10:03:00Z"));

        assertThat(report.get("entries").asLong()).isEqualTo(4);
        assertThat(counts(report.get("deliveriesByFinalStatus")))
                .containsAllEntriesOf(ordered("NEW", 2, "ASSIGNED", 1));
    }

    @Test
    void a_global_index_range_with_no_rows_is_an_empty_report() {
        JsonNode report = ReportRun.json(args("--from-offset", "1000"));

        assertThat(report.get("entries").asLong()).isZero();
        assertThat(counts(report.get("eventsByType")).values()).containsOnly(0L);
        assertThat(report.get("deliveries").asLong()).isZero();
    }

    @Test
    void a_global_index_range_reads_from_its_start_to_before_its_end() {
        JsonNode report = ReportRun.json(args("--from-offset", "1", "--to-offset", "5"));

        assertThat(report.get("entries").asLong()).isEqualTo(4);
    }

    @Test
    void an_unreachable_database_is_a_clear_error() {
        ReportRun run = ReportRun.of("--db", "jdbc:postgresql://127.0.0.1:1/dispatch", "--timeout", "2");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("cannot connect to PostgreSQL at jdbc:postgresql://127.0.0.1:1/dispatch");
    }

    @Test
    void a_database_without_the_event_store_is_a_clear_error() {
        String empty = infrastructure.jdbcUrl(SharedTestInfrastructure.newDatabase());
        ReportRun run = ReportRun.of(
                "--db", empty, "--db-user", infrastructure.username(), "--db-password", infrastructure.password());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("no table command.domain_event_entry");
    }
}
