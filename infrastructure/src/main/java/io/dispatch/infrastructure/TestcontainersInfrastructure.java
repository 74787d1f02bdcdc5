package io.dispatch.infrastructure;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.lifecycle.Startables;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Kafka and PostgreSQL in Docker containers, for machines with a Docker engine. Containers get
 * random host ports and throw-away storage: a {@code dataDir} or fixed ports in the options are
 * ignored (with a warning).
 */
final class TestcontainersInfrastructure extends PostgresAndKafka {

    static final String KIND = "testcontainers";
    static final String KAFKA_IMAGE = "apache/kafka-native:4.1.0";
    static final String POSTGRES_IMAGE = "postgres:17-alpine";
    private static final Logger log = LoggerFactory.getLogger(TestcontainersInfrastructure.class);

    private final KafkaContainer kafka;
    private final PostgreSQLContainer postgres;

    private TestcontainersInfrastructure(KafkaContainer kafka, PostgreSQLContainer postgres) {
        super(postgres.getHost(), postgres.getMappedPort(PostgreSQLContainer.POSTGRESQL_PORT));
        this.kafka = kafka;
        this.postgres = postgres;
    }

    static TestcontainersInfrastructure start(InfrastructureOptions options) {
        if (options.persistent() || options.kafkaPort() != 0 || options.postgresPort() != 0) {
            log.warn(
                    "Testcontainers infrastructure ignores dataDir and fixed ports ({}); "
                            + "set -Ddispatch.infrastructure=embedded to keep data between runs",
                    options);
        }
        KafkaContainer kafka = new KafkaContainer(KAFKA_IMAGE);
        PostgreSQLContainer postgres = new PostgreSQLContainer(POSTGRES_IMAGE)
                .withDatabaseName("postgres")
                .withUsername(USERNAME)
                .withPassword(PASSWORD)
                .withCommand("postgres", "-c", "fsync=off", "-c", "max_connections=300");
        try {
            Startables.deepStart(kafka, postgres).join();
            return new TestcontainersInfrastructure(kafka, postgres);
        } catch (RuntimeException e) {
            kafka.stop();
            postgres.stop();
            throw e;
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String kafkaBootstrapServers() {
        return kafka.getBootstrapServers();
    }

    @Override
    public void close() {
        try {
            kafka.stop();
        } finally {
            postgres.stop();
        }
    }
}
