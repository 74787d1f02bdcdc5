package io.dispatch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A service started on its own with a setting missing, or before its database and broker, the
 * way an operator would: one clear report naming the setting, or one line per try naming what
 * cannot be reached, never a stack trace per second.
 */
class ServiceStartupTest {

    @Test
    void a_dispatcher_without_its_encryption_key_stops_with_one_report_naming_the_setting() throws Exception {
        try (ServiceProcess dispatcher = ServiceProcess.start(
                "webhook-dispatcher",
                "startup-no-key",
                Map.of(
                        "spring.datasource.url",
                        "jdbc:postgresql://127.0.0.1:" + closedPort() + "/none",
                        "dispatch.startup.wait-for-dependencies",
                        "false"))) {
            assertThat(dispatcher.waitForExit(Duration.ofSeconds(90)))
                    .as("the start stops")
                    .isNotZero();
            String log = dispatcher.log();
            assertThat(log)
                    .contains("APPLICATION FAILED TO START")
                    .contains("dispatch.webhook.secret-encryption-key is required")
                    .contains("DISPATCH_WEBHOOK_SECRETENCRYPTIONKEY");
            assertThat(stackFrames(log)).as("no stack trace").isZero();
        }
    }

    @Test
    void a_service_started_before_its_database_waits_and_says_what_it_cannot_reach() throws Exception {
        int port = closedPort();
        try (ServiceProcess query = ServiceProcess.start(
                "query-service",
                "startup-no-database",
                Map.of(
                        "spring.datasource.url", "jdbc:postgresql://127.0.0.1:" + port + "/dispatch",
                        "spring.datasource.username", "dispatch",
                        "spring.datasource.password", "not-logged-" + port))) {
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> waitingLines(query.log()).size() >= 3);
            assertThat(query.alive()).as("still waiting, not crashed").isTrue();
            assertThat(query.readiness()).as("not ready while it waits").isEqualTo(-1);
            String log = query.log();
            assertThat(waitingLines(log).getFirst())
                    .contains("PostgreSQL at jdbc:postgresql://127.0.0.1:" + port + "/dispatch");
            assertThat(stackFrames(log)).as("no stack trace per try").isZero();
            assertThat(log).as("no password in the log").doesNotContain("not-logged-" + port);
        }
    }

    private static List<String> waitingLines(String log) {
        return log.lines()
                .filter(line -> line.contains("Waiting for PostgreSQL"))
                .toList();
    }

    private static long stackFrames(String log) {
        return log.lines().filter(line -> line.startsWith("\tat ")).count();
    }

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
