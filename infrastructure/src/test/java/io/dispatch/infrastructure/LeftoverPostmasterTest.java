package io.dispatch.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a start finds of an earlier server in a persistent data directory. The leftover server of
 * a killed JVM, stopped by the next start, is tested with real processes in the deploy module
 * (LocalRunRestartIT); here the rules that keep every other process safe.
 */
class LeftoverPostmasterTest {

    @TempDir
    Path dataDir;

    @Test
    void a_server_whose_owner_still_runs_is_never_stopped() throws Exception {
        Path pgData = dataDir.resolve("postgres");
        try (EmbeddedPostgresServer running = EmbeddedPostgresServer.start(pgData, 0, true)) {
            long pid = LeftoverPostmaster.readPid(pgData.resolve(LeftoverPostmaster.PID_FILE))
                    .orElseThrow();
            assertThat(LeftoverPostmaster.isPostmasterOf(ProcessHandle.of(pid).orElseThrow(), pgData))
                    .isTrue();

            assertThatThrownBy(() -> LeftoverPostmaster.clear(pgData))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("in use by another running process");
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
            assertThat(answersOne(running)).isTrue();
        }
    }

    @Test
    void the_postmaster_of_another_directory_is_not_this_directorys() throws Exception {
        Path pgData = dataDir.resolve("postgres");
        Path other = Files.createDirectories(dataDir.resolve("other"));
        try (EmbeddedPostgresServer running = EmbeddedPostgresServer.start(pgData, 0, true)) {
            long pid = LeftoverPostmaster.readPid(pgData.resolve(LeftoverPostmaster.PID_FILE))
                    .orElseThrow();

            assertThat(LeftoverPostmaster.isPostmasterOf(ProcessHandle.of(pid).orElseThrow(), other))
                    .isFalse();
            assertThat(LeftoverPostmaster.isPostmasterOf(ProcessHandle.current(), pgData))
                    .isFalse();
        }
    }

    @Test
    void a_lock_file_whose_number_now_belongs_to_another_program_is_removed_and_that_program_left_alone()
            throws Exception {
        Path pgData = dataDir.resolve("postgres");
        EmbeddedPostgresServer.start(pgData, 0, true).close();
        Process bystander = new ProcessBuilder("sleep", "300").start();
        try {
            // what a reboot or a long pause leaves: the pid file of a server that is gone, its number reused
            Files.writeString(pgData.resolve(LeftoverPostmaster.PID_FILE), bystander.pid() + "\n" + pgData + "\n");

            try (EmbeddedPostgresServer restarted = EmbeddedPostgresServer.start(pgData, 0, true)) {
                assertThat(answersOne(restarted)).isTrue();
            }
            assertThat(bystander.isAlive())
                    .as("a process that is not this directory's PostgreSQL is never signalled")
                    .isTrue();
        } finally {
            bystander.destroyForcibly();
        }
    }

    private static boolean answersOne(EmbeddedPostgresServer server) throws Exception {
        try (Connection connection = DriverManager.getConnection(
                        "jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres",
                        PostgresAndKafka.USERNAME,
                        PostgresAndKafka.PASSWORD);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT 1")) {
            return rows.next() && rows.getInt(1) == 1;
        }
    }
}
