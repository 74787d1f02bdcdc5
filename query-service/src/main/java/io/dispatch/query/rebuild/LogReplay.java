package io.dispatch.query.rebuild;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads a topic's partitions over an offset range, in large batches, with no consumer group
 * (nothing is committed: the rebuild keeps its own positions). Records arrive as bytes, so a
 * record no code version can decode is the caller's to count, not the consumer's to choke on.
 */
final class LogReplay implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(500);

    private final KafkaConsumer<byte[], byte[]> consumer;

    LogReplay(Map<String, Object> consumerProperties) {
        Map<String, Object> config = new HashMap<>(consumerProperties);
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
        config.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 64 * 1024 * 1024);
        config.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 16 * 1024 * 1024);
        config.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 1);
        this.consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** The topic's partitions as the broker reports them. */
    List<TopicPartition> partitions(String topic) {
        List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(30));
        if (infos == null || infos.isEmpty()) {
            throw new IllegalStateException("topic " + topic + " does not exist");
        }
        return infos.stream()
                .map(info -> new TopicPartition(topic, info.partition()))
                .toList();
    }

    /** The first offset still in each partition (above 0 once retention deleted the oldest records). */
    Map<Integer, Long> beginnings(String topic) {
        return byPartition(consumer.beginningOffsets(partitions(topic), Duration.ofSeconds(30)));
    }

    /** The offset the next record of each partition will get. */
    Map<Integer, Long> ends(String topic) {
        return byPartition(consumer.endOffsets(partitions(topic), Duration.ofSeconds(30)));
    }

    /**
     * Hands the records of {@code [from, to)} of each partition to {@code batch}, a poll at a time,
     * in offset order per partition; {@code from} is advanced as batches are handed over.
     */
    void read(
            String topic,
            Map<Integer, Long> from,
            Map<Integer, Long> to,
            Consumer<List<ConsumerRecord<byte[], byte[]>>> batch) {
        List<TopicPartition> pending = new ArrayList<>();
        for (var target : to.entrySet()) {
            if (from.getOrDefault(target.getKey(), 0L) < target.getValue()) {
                pending.add(new TopicPartition(topic, target.getKey()));
            }
        }
        consumer.assign(pending);
        for (TopicPartition partition : pending) {
            consumer.seek(partition, from.getOrDefault(partition.partition(), 0L));
        }
        while (!pending.isEmpty()) {
            List<ConsumerRecord<byte[], byte[]>> wanted = new ArrayList<>();
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                if (record.offset() < to.get(record.partition())) {
                    wanted.add(record);
                }
            }
            if (!wanted.isEmpty()) {
                batch.accept(wanted);
            }
            List<TopicPartition> done = new ArrayList<>();
            for (TopicPartition partition : pending) {
                long position = consumer.position(partition, Duration.ofSeconds(30));
                from.put(partition.partition(), Math.min(position, to.get(partition.partition())));
                if (position >= to.get(partition.partition())) {
                    done.add(partition);
                }
            }
            if (!done.isEmpty()) {
                pending.removeAll(done);
                consumer.assign(pending);
            }
        }
    }

    private static Map<Integer, Long> byPartition(Map<TopicPartition, Long> offsets) {
        Map<Integer, Long> result = new HashMap<>();
        offsets.forEach((partition, offset) -> result.put(partition.partition(), offset));
        return result;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }
}
