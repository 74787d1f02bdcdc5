package io.dispatch.web.startup;

import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;

/**
 * Before a service builds its context, it waits for PostgreSQL and Kafka: a service started before
 * its database or broker (or while one restarts) logs one line per try, naming what it cannot
 * reach, and tries again with growing pauses (1 s up to 30 s) instead of failing its start with a
 * stack trace and being restarted in a loop. Until then nothing listens, so readiness is down.
 * {@code dispatch.startup.wait-for-dependencies=false} turns it off.
 */
final class DependencyGate {

    private static final Logger log = LoggerFactory.getLogger(DependencyGate.class);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(30);

    private DependencyGate() {}

    static void await(Environment environment) {
        if (!environment.getProperty("dispatch.startup.wait-for-dependencies", Boolean.class, true)) {
            return;
        }
        String jdbcUrl = environment.getProperty("spring.datasource.url");
        if (jdbcUrl == null || jdbcUrl.isBlank()) {
            throw new InvalidSetting(
                    "spring.datasource.url",
                    "is required: the JDBC URL of PostgreSQL " + "(e.g. jdbc:postgresql://db:5432/dispatch)");
        }
        String user = environment.getProperty("spring.datasource.username");
        String password = environment.getProperty("spring.datasource.password");
        String kafka = environment.getProperty("spring.kafka.bootstrap-servers", "localhost:9092");
        Duration pause = Duration.ofSeconds(1);
        long started = System.nanoTime();
        while (true) {
            String postgres = reachPostgres(jdbcUrl, user, password);
            String broker = postgres == null ? reachKafka(kafka) : null;
            if (postgres == null && broker == null) {
                if (System.nanoTime() - started > TimeUnit.SECONDS.toNanos(2)) {
                    log.info("PostgreSQL and Kafka are reachable; starting");
                }
                return;
            }
            log.warn("Waiting for {}; next try in {} s", postgres != null ? postgres : broker, pause.toSeconds());
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for PostgreSQL and Kafka", e);
            }
            pause = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause.multipliedBy(2);
        }
    }

    /** Null when PostgreSQL answers, else what failed (the URL without credentials). */
    private static String reachPostgres(String url, String user, String password) {
        DriverManager.setLoginTimeout(5);
        try (Connection connection = DriverManager.getConnection(url, user, password)) {
            return connection.isValid(5) ? null : "PostgreSQL at " + withoutQuery(url) + " (no valid connection)";
        } catch (Exception e) {
            return "PostgreSQL at " + withoutQuery(url) + ": " + firstLine(e.getMessage());
        }
    }

    /** Null when a broker answers, else what failed. */
    private static String reachKafka(String bootstrapServers) {
        Map<String, Object> config = Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                5000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                5000,
                AdminClientConfig.CLIENT_ID_CONFIG,
                "dispatch-startup");
        try (Admin admin = Admin.create(config)) {
            admin.describeCluster(new DescribeClusterOptions().timeoutMs(5000))
                    .nodes()
                    .get(6, TimeUnit.SECONDS);
            return null;
        } catch (Exception e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return "Kafka at " + bootstrapServers + ": "
                    + firstLine(cause.getClass().getSimpleName() + " " + cause.getMessage());
        }
    }

    private static String withoutQuery(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no answer";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
