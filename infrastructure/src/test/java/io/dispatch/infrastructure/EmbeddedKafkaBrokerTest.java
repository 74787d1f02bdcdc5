package io.dispatch.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKafkaBrokerTest {

    private static final Duration FAST_CLOSE = Duration.ofSeconds(10);

    @TempDir
    Path dataDir;

    @Test
    void a_produced_record_can_be_consumed_back() throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dataDir.resolve("kafka"), 0)) {
            assertThat(broker.bootstrapServers()).startsWith("127.0.0.1:");
            createTopic(broker, "parcels");

            produce(broker, "parcels", "parcel-1", "picked up");

            assertThat(consumeAll(broker, "parcels", 1))
                    .extracting(ConsumerRecord::key, ConsumerRecord::value)
                    .containsExactly(tuple("parcel-1", "picked up"));
        }
    }

    @Test
    void a_second_start_on_the_same_directory_keeps_the_topic_and_the_record() throws Exception {
        Path logDir = dataDir.resolve("kafka");
        EmbeddedKafkaBroker first = EmbeddedKafkaBroker.start(logDir, 0);
        String clusterId;
        try (Admin admin = admin(first)) {
            clusterId = admin.describeCluster().clusterId().get(30, TimeUnit.SECONDS);
            createTopic(first, "deliveries");
            produce(first, "deliveries", "delivery-7", "delivered");
        } finally {
            long closing = System.nanoTime();
            first.close();
            assertThat(Duration.ofNanos(System.nanoTime() - closing)).isLessThan(FAST_CLOSE);
        }

        try (EmbeddedKafkaBroker second = EmbeddedKafkaBroker.start(logDir, 0);
                Admin admin = admin(second)) {
            assertThat(admin.describeCluster().clusterId().get(30, TimeUnit.SECONDS))
                    .isEqualTo(clusterId);
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains("deliveries");
            assertThat(consumeAll(second, "deliveries", 1))
                    .extracting(ConsumerRecord::value)
                    .containsExactly("delivered");
        }
    }

    private static Admin admin(EmbeddedKafkaBroker broker) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
    }

    /** One partition, so "all records" is a single, ordered log to read. */
    private static void createTopic(EmbeddedKafkaBroker broker, String topic) throws Exception {
        try (Admin admin = admin(broker)) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
    }

    private static void produce(EmbeddedKafkaBroker broker, String topic, String key, String value) throws Exception {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        }
    }

    /** Reads partition 0 from the start (no consumer group: no rebalance to wait for). */
    private static List<ConsumerRecord<String, String>> consumeAll(
            EmbeddedKafkaBroker broker, String topic, int expected) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false);
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(Set.of(partition));
            consumer.seekToBeginning(Set.of(partition));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= expected;
            });
        }
        return records;
    }
}
