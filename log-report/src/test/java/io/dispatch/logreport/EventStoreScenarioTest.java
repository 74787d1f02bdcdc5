package io.dispatch.logreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import io.dispatch.infrastructure.RunningInfrastructure;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.policy.core.Fallback;
import io.dispatch.policy.core.Mode;
import io.dispatch.policy.sim.Recorded;
import io.dispatch.policy.sim.Scenario;
import io.dispatch.policy.sim.ScenarioJson;
import io.dispatch.policy.sim.SimReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * log-report --scenario over the crafted hour stored as Axon stores it, in tables made by command-service's own
 * migrations: the fixes are the deliveries' dispatch.location_updated, the travel and policy settings its tables'.
 */
class EventStoreScenarioTest {

    private static final Path MIGRATIONS = Path.of("../command-service/src/main/resources/db/command");
    private static RunningInfrastructure infrastructure;
    private static String url;
    private static String bare;

    @BeforeAll
    static void storeTheCraftedHour() throws Exception {
        infrastructure = SharedTestInfrastructure.get();
        url = infrastructure.jdbcUrl(SharedTestInfrastructure.newDatabase());
        bare = infrastructure.jdbcUrl(SharedTestInfrastructure.newDatabase());
        store(url, true);
        store(bare, false);
    }

    /** The event store, and with {@code settings} the pricing, zones and policies tables (one zone changed). */
    private static void store(String database, boolean settings) throws Exception {
        try (Connection connection =
                DriverManager.getConnection(database, infrastructure.username(), infrastructure.password())) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("create schema command; set search_path to command");
                ddl.execute(Files.readString(MIGRATIONS.resolve("V1__event_store.sql")));
                if (settings) {
                    ddl.execute(Files.readString(MIGRATIONS.resolve("V2__pricing.sql")));
                    ddl.execute(Files.readString(MIGRATIONS.resolve("V8__dispatch_policies.sql")));
                    ddl.execute("update zones set detour_factor = 1.2, avg_speed_kmh = 18 where id = 'nairobi-cbd'");
                    ddl.execute("insert into dispatch_policies values ('nairobi-cbd', 2, 'RANKED', 40, 3, 2500,"
                            + " 'BROADCAST', now(), 'ops-1')");
                }
            }
            try (PreparedStatement insert = connection.prepareStatement("insert into command.domain_event_entry"
                    + " (aggregateIdentifier, sequenceNumber, type, eventIdentifier, metaData, payload, payloadRevision,"
                    + " payloadType, timeStamp) values (?, ?, 'Dispatch', ?, null, ?, ?, ?, ?)")) {
                for (CraftedLog.Entry entry : ScenarioLog.crafted().storeRows()) {
                    CraftedLog.Row row = entry.row();
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

    private static ReportRun scenario(String database, Path file, String... more) {
        List<String> all = new ArrayList<>(List.of(
                "--scenario",
                "--db",
                database,
                "--db-user",
                infrastructure.username(),
                "--db-password",
                infrastructure.password(),
                "--from",
                "2026-02-01T10:00:00Z",
                "--to",
                "2026-02-01T11:00:00Z",
                "--out",
                file.toString()));
        all.addAll(List.of(more));
        return ReportRun.of(all.toArray(String[]::new));
    }

    @Test
    void the_scenario_takes_its_riders_from_location_events_and_its_settings_from_the_tables(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("hour.json");
        ReportRun run = scenario(url, file);

        assertThat(run.exitCode()).as(run.err()).isZero();
        Scenario scenario = ScenarioJson.read(file);
        assertThat(scenario.orders()).hasSize(5);
        // the same runs as rider-positions give here: every fix was a location event of a delivery the rider held
        assertThat(scenario.riders())
                .extracting(Scenario.Rider::id, Scenario.Rider::onAt, Scenario.Rider::offAt, Scenario.Rider::maxActive)
                .containsExactly(
                        tuple(ScenarioLog.R1.toString(), 0L, 1980L, 2),
                        tuple(ScenarioLog.R2.toString(), 100L, 1000L, 2),
                        tuple(ScenarioLog.R1 + "#2", 2640L, 4200L, 2),
                        tuple(ScenarioLog.R5.toString(), 3700L, 4200L, 1));
        assertThat(scenario.speedKmh()).isEqualTo(25); // command.pricing_default
        assertThat(scenario.detourFactor()).isEqualTo(1.3);
        assertThat(scenario.policy().mode()).isEqualTo(Mode.RANKED);
        assertThat(scenario.policy().offerTimeout()).isEqualTo(Duration.ofSeconds(45)); // the offers', not the row's
        assertThat(scenario.policy().maxOffers()).isEqualTo(3);
        assertThat(scenario.policy().radiusMeters()).isEqualTo(2500);
        assertThat(scenario.policy().fallback()).isEqualTo(Fallback.BROADCAST);

        Recorded recorded = ScenarioJson.readRecorded(file).orElseThrow();
        SimReport figures = recorded.figures();
        assertThat(figures.delivered()).isEqualTo(3);
        assertThat(figures.timeToAssignSeconds()).isEqualTo(new SimReport.Percentiles(32, 200));
        assertThat(figures.offers()).isEqualTo(new SimReport.Offers(6, 2, 1));
        double meters = (ScenarioLog.r1At(0).greatCircleMeters(ScenarioLog.r1At(1980))
                        + ScenarioLog.r1At(2640).greatCircleMeters(ScenarioLog.r1At(4200))
                        + ScenarioLog.r2At(100).greatCircleMeters(ScenarioLog.r2At(1000)))
                * 1.3;
        assertThat(figures.metersPerOrder()).isCloseTo(meters / 3, within(0.051));
        assertThat(recorded.source()).contains("command.domain_event_entry");
        assertThat(run.err())
                .contains("dispatch.location_updated")
                .contains("command.dispatch_policies zone nairobi-cbd version 2")
                .contains("speedKmh 25.0: command.pricing_default");
    }

    @Test
    void a_zone_takes_its_own_travel_settings(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cbd.json");
        ReportRun run = scenario(url, file, "--zone", "nairobi-cbd", "--speed-kmh", "16");

        assertThat(run.exitCode()).as(run.err()).isZero();
        Scenario scenario = ScenarioJson.read(file);
        assertThat(scenario.orders()).hasSize(4);
        assertThat(scenario.detourFactor()).isEqualTo(1.2); // command.zones nairobi-cbd
        assertThat(scenario.speedKmh()).isEqualTo(16); // given
    }

    @Test
    void without_the_settings_tables_the_defaults_apply(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bare.json");
        ReportRun run = scenario(bare, file);

        assertThat(run.exitCode()).as(run.err()).isZero();
        Scenario scenario = ScenarioJson.read(file);
        assertThat(scenario.speedKmh()).isEqualTo(20);
        assertThat(scenario.detourFactor()).isEqualTo(1.0);
        assertThat(scenario.policy().maxOffers()).isEqualTo(5);
        assertThat(scenario.policy().fallback()).isEqualTo(Fallback.OPERATOR_QUEUE);
        assertThat(ScenarioJson.readRecorded(file).orElseThrow().figures().orders())
                .isEqualTo(5);
        assertThat(run.err()).contains("the policy's defaults (the log does not hold them)");
    }

    @Test
    void an_unreachable_database_is_a_clear_error() {
        ReportRun run = ReportRun.of(
                "--scenario",
                "--db",
                "jdbc:postgresql://127.0.0.1:1/dispatch",
                "--from",
                "2026-02-01T10:00:00Z",
                "--to",
                "2026-02-01T11:00:00Z",
                "--timeout",
                "2");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("cannot connect to PostgreSQL at jdbc:postgresql://127.0.0.1:1/dispatch");
    }
}
