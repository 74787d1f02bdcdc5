package io.dispatch.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

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

    private static Connection connect(EmbeddedPostgresServer server) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres",
                PostgresAndKafka.USERNAME, PostgresAndKafka.PASSWORD);
    }

    private static String queryString(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).as("a row from %s", sql).isTrue();
            return rows.getString(1);
        }
    }
}
