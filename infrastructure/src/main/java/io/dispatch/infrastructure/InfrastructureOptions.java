package io.dispatch.infrastructure;

import java.nio.file.Path;

/**
 * How to start the infrastructure.
 *
 * @param dataDir      {@code null}: temporary directories, deleted on close; otherwise Kafka
 *                     ({@code <dataDir>/kafka}) and PostgreSQL ({@code <dataDir>/postgres}) keep
 *                     their data there across starts (embedded kind only)
 * @param kafkaPort    Kafka's client port, 0 = a free one
 * @param postgresPort PostgreSQL's port, 0 = a free one
 */
public record InfrastructureOptions(Path dataDir, int kafkaPort, int postgresPort) {

    public InfrastructureOptions {
        requirePort(kafkaPort, "kafkaPort");
        requirePort(postgresPort, "postgresPort");
    }

    /** Temporary directories and free ports: what tests want. */
    public static InfrastructureOptions ephemeral() {
        return new InfrastructureOptions(null, 0, 0);
    }

    public boolean persistent() {
        return dataDir != null;
    }

    private static void requirePort(int port, String name) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(name + " must be 0 (free port) or a TCP port, was " + port);
        }
    }
}
