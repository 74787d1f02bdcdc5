package rebuild;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** The seeded log on Kafka: its topics, how long it is, and how fast a plain consumer reads it. */
final class KafkaLog {

    static final List<String> TOPICS = List.of("dispatch-events", "webhook-attempts", "rider-positions");

    private KafkaLog() {}

    /** Records on the topics so far: their end offsets, summed. */
    static long ends(String bootstrap) {
        try (var consumer = consumer(bootstrap)) {
            long total = 0;
            for (String topic : TOPICS) {
                List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                        .map(p -> new TopicPartition(topic, p.partition()))
                        .toList();
                total += consumer.endOffsets(partitions).values().stream()
                        .mapToLong(Long::longValue)
                        .sum();
            }
            return total;
        }
    }

    /** Baseline: a plain read of the whole log, no decoding; records per second. */
    static double plainRead(String bootstrap, long expected) {
        try (var consumer = consumer(bootstrap)) {
            List<TopicPartition> all = new ArrayList<>();
            for (String topic : TOPICS) {
                consumer.partitionsFor(topic).forEach(p -> all.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(all);
            consumer.seekToBeginning(all);
            long start = System.nanoTime();
            long read = 0;
            while (read < expected) {
                read += consumer.poll(Duration.ofMillis(500)).count();
            }
            return read / ((System.nanoTime() - start) / 1e9);
        }
    }

    static KafkaConsumer<byte[], byte[]> consumer(String bootstrap) {
        return new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                        5000,
                        ConsumerConfig.FETCH_MAX_BYTES_CONFIG,
                        64 * 1024 * 1024,
                        ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                        16 * 1024 * 1024),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }
}
