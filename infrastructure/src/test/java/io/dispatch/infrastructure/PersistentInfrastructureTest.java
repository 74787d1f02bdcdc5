package io.dispatch.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local run's case: fixed ports and a data directory that outlives the process. */
class PersistentInfrastructureTest {

    @TempDir
    Path dataDir;

    @Test
    void a_second_start_with_the_same_data_dir_keeps_records_and_rows_on_the_requested_ports() throws Exception {
        int kafkaPort = EmbeddedKafkaBroker.freePort();
        int postgresPort = EmbeddedKafkaBroker.freePort();
        InfrastructureOptions options = new InfrastructureOptions(dataDir, kafkaPort, postgresPort);

        try (RunningInfrastructure first = EmbeddedInfrastructure.start(options)) {
            assertThat(first.kafkaBootstrapServers()).isEqualTo("127.0.0.1:" + kafkaPort);
            assertThat(first.jdbcUrl("local")).isEqualTo("jdbc:postgresql://127.0.0.1:" + postgresPort + "/local");
            first.createDatabase("local");
            execute(first, "CREATE TABLE parcel (id text)", "INSERT INTO parcel VALUES ('parcel-9')");
            send(first, "parcel-9", "sorted");
        }
        assertThat(dataDir.resolve("kafka").resolve("meta.properties")).exists();
        assertThat(dataDir.resolve("postgres").resolve("PG_VERSION")).exists();

        try (RunningInfrastructure second = EmbeddedInfrastructure.start(options)) {
            second.createDatabase("local");
            assertThat(queryOne(second, "SELECT id FROM parcel")).isEqualTo("parcel-9");
            assertThat(firstValue(second)).isEqualTo("sorted");
        }
        assertThat(Files.exists(dataDir))
                .as("a persistent data dir is not deleted on close")
                .isTrue();
    }

    private static void execute(RunningInfrastructure infrastructure, String... statements) throws Exception {
        try (Connection connection = connect(infrastructure);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    private static String queryOne(RunningInfrastructure infrastructure, String sql) throws Exception {
        try (Connection connection = connect(infrastructure);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getString(1);
        }
    }

    private static Connection connect(RunningInfrastructure infrastructure) throws Exception {
        return DriverManager.getConnection(
                infrastructure.jdbcUrl("local"), infrastructure.username(), infrastructure.password());
    }

    /** Auto-created topic (num.partitions=6): the key decides the partition, so read them all. */
    private static void send(RunningInfrastructure infrastructure, String key, String value) throws Exception {
        Map<String, Object> config =
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, infrastructure.kafkaBootstrapServers());
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("parcel-events", key, value)).get(30, TimeUnit.SECONDS);
        }
    }

    private static String firstValue(RunningInfrastructure infrastructure) {
        Map<String, Object> config =
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, infrastructure.kafkaBootstrapServers());
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            Set<TopicPartition> partitions = consumer.partitionsFor("parcel-events").stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .collect(Collectors.toSet());
            assertThat(partitions).hasSize(6);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            StringBuilder value = new StringBuilder();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> value.append(record.value()));
                return !value.isEmpty();
            });
            return value.toString();
        }
    }
}
