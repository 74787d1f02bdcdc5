package io.dispatch.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedPostgresServerTest {

    @TempDir
    Path dataDir;

    @Test
    void it_starts_when_the_jvm_runs_as_root_and_answers_a_query() throws Exception {
        // the owner of /proc/self is this process's effective uid
        int uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        assumeTrue(uid == 0, "this test is about running as root; the JVM runs as uid " + uid);
        assertThat(System.getProperty("user.name")).isEqualTo("root");

        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(dataDir.resolve("postgres"), 0, false);
                Connection connection = connect(server)) {
            assertThat(queryString(connection, "SELECT 1::text")).isEqualTo("1");
            assertThat(queryString(connection, "SELECT current_user")).isEqualTo("postgres");
        }
    }

    @Test
    void a_second_start_on_the_same_directory_keeps_a_tables_row() throws Exception {
        Path pgData = dataDir.resolve("postgres");
        try (EmbeddedPostgresServer first = EmbeddedPostgresServer.start(pgData, 0, true);
                Connection connection = connect(first);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE parcel (id text PRIMARY KEY)");
            statement.execute("INSERT INTO parcel VALUES ('parcel-42')");
        }

        try (EmbeddedPostgresServer second = EmbeddedPostgresServer.start(pgData, 0, true);
                Connection connection = connect(second)) {
            assertThat(queryString(connection, "SELECT id FROM parcel")).isEqualTo("parcel-42");
            assertThat(queryString(connection, "SHOW fsync")).isEqualTo("on");
        }
    }

    @Test
    void commits_are_synchronous_with_throw_away_and_with_persistent_data() throws Exception {
        try (EmbeddedPostgresServer throwAway = EmbeddedPostgresServer.start(dataDir.resolve("throw-away"), 0, false);
                Connection connection = connect(throwAway)) {
            assertThat(queryString(connection, "SHOW synchronous_commit")).isEqualTo("on");
            assertThat(queryString(connection, "SHOW fsync"))
                    .as("throw-away test data skips fsync")
                    .isEqualTo("off");
        }
        try (EmbeddedPostgresServer persistent = EmbeddedPostgresServer.start(dataDir.resolve("persistent"), 0, true);
                Connection connection = connect(persistent)) {
            assertThat(queryString(connection, "SHOW synchronous_commit")).isEqualTo("on");
            assertThat(queryString(connection, "SHOW fsync")).isEqualTo("on");
        }
    }

    @Test
    void every_commit_answered_before_the_server_process_is_killed_is_there_after_a_restart() throws Exception {
        Path pgData = dataDir.resolve("postgres");
        int committed = 300;
        EmbeddedPostgresServer first = EmbeddedPostgresServer.start(pgData, 0, true);
        try (Connection connection = connect(first);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE parcel (id int PRIMARY KEY)");
            for (int id = 1; id <= committed; id++) {
                statement.execute("INSERT INTO parcel VALUES (" + id + ")"); // one commit each (autocommit)
            }
        }
        // at once, as kill -9 would: with synchronous_commit=off the last commits are still in
        // PostgreSQL's WAL buffers (shared memory) and die with it
        long pid = LeftoverPostmaster.readPid(pgData.resolve(LeftoverPostmaster.PID_FILE))
                .orElseThrow();
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
        List<ProcessHandle> backends = postmaster.descendants().toList();
        postmaster.destroyForcibly();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> !postmaster.isAlive() && backends.stream().noneMatch(ProcessHandle::isAlive));
        first.close(); // releases zonky's lock on the directory; its pg_ctl stop finds no server (logged)

        try (EmbeddedPostgresServer second = EmbeddedPostgresServer.start(pgData, 0, true);
                Connection connection = connect(second)) {
            assertThat(queryString(connection, "SELECT count(*) FROM parcel")).isEqualTo(String.valueOf(committed));
        }
    }

    private static Connection connect(EmbeddedPostgresServer server) throws SQLException {
        return DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres",
                PostgresAndKafka.USERNAME,
                PostgresAndKafka.PASSWORD);
    }

    private static String queryString(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).as("a row from %s", sql).isTrue();
            return rows.getString(1);
        }
    }
}
