package io.dispatch.logreport.read;

import io.dispatch.logreport.cli.Bound;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Every partition of a topic from its start offset to its end offset, as raw records in batches, with a consumer that
 * joins no group and commits nothing (an audit leaves no trace on the brokers). The end of a partition is its end
 * offset when the read starts, unless the range's end says otherwise; a time is turned into offsets with {@code
 * offsetsForTimes}. {@link KafkaLogSource} decodes the events of dispatch-events from it, {@link
 * KafkaPositionSource} the riders' fixes.
 */
public final class KafkaTopicRange implements AutoCloseable {

    private final String servers;
    private final String topic;
    private final Bound from;
    private final Bound to;
    private final Duration timeout;
    private final Map<TopicPartition, Long> start = new TreeMap<>(KafkaTopicRange::byPartition);
    private final Map<TopicPartition, Long> end = new TreeMap<>(KafkaTopicRange::byPartition);
    private final List<String> notes = new ArrayList<>();
    private KafkaConsumer<byte[], byte[]> consumer;

    public KafkaTopicRange(String servers, String topic, Bound from, Bound to, Duration timeout) {
        this.servers = servers;
        this.topic = topic;
        this.from = from;
        this.to = to;
        this.timeout = timeout;
    }

    /**
     * Connects and resolves the range; answers the offsets it spans.
     *
     * @throws SourceUnavailableException when Kafka cannot be reached within the timeout or the topic does not exist
     */
    public long open() {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        properties.put(ConsumerConfig.CLIENT_ID_CONFIG, "dispatch-log-report");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        properties.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false"); // an audit never creates a topic
        properties.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
        properties.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "65536");
        properties.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "100");
        properties.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Integer.toString(4 * 1024 * 1024));
        properties.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(timeout.toMillis()));
        properties.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Math.max(1000, timeout.toMillis() / 2)));
        properties.put(ConsumerConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG, "5000");
        try {
            consumer = new KafkaConsumer<>(properties, new ByteArrayDeserializer(), new ByteArrayDeserializer());
            List<PartitionInfo> partitions = consumer.partitionsFor(topic, timeout);
            if (partitions == null || partitions.isEmpty()) {
                throw new SourceUnavailableException(
                        "topic " + topic + " does not exist on the Kafka cluster at " + servers);
            }
            List<TopicPartition> all = partitions.stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .toList();
            resolve(all);
        } catch (TimeoutException e) {
            throw new SourceUnavailableException(
                    "cannot reach Kafka at " + servers + " within " + timeout.toSeconds() + " s (" + e.getMessage()
                            + ")",
                    e);
        } catch (KafkaException e) {
            throw new SourceUnavailableException(
                    "cannot read topic " + topic + " from Kafka at " + servers + ": " + e.getMessage(), e);
        }
        long total = 0;
        for (TopicPartition partition : start.keySet()) {
            total += Math.max(0, end.get(partition) - start.get(partition));
        }
        return total;
    }

    private void resolve(List<TopicPartition> partitions) {
        Map<TopicPartition, Long> beginning = consumer.beginningOffsets(partitions, timeout);
        Map<TopicPartition, Long> latest = consumer.endOffsets(partitions, timeout);
        Map<TopicPartition, Long> fromTime = offsetsForTime(from, partitions, latest);
        Map<TopicPartition, Long> toTime = offsetsForTime(to, partitions, latest);
        for (TopicPartition partition : partitions) {
            long first = beginning.get(partition);
            long last = latest.get(partition);
            long wanted = switch (from) {
                case Bound.None none -> first;
                case Bound.Time time -> fromTime.get(partition);
                case Bound.Offsets offsets -> offsets.forPartition(partition.partition(), first);
            };
            if (wanted < first) {
                notes.add("partition " + partition.partition() + " starts at offset " + first + " (retention removed "
                        + (first - wanted) + " record(s) before it): read from there");
            }
            long stop = switch (to) {
                case Bound.None none -> last;
                case Bound.Time time -> toTime.get(partition);
                case Bound.Offsets offsets -> Math.min(last, offsets.forPartition(partition.partition(), last));
            };
            start.put(partition, Math.min(Math.max(wanted, first), last));
            end.put(partition, Math.max(Math.min(stop, last), Math.min(Math.max(wanted, first), last)));
        }
    }

    /** The first offset at or after the time, per partition; the end offset where no record is that late. */
    private Map<TopicPartition, Long> offsetsForTime(
            Bound bound, Collection<TopicPartition> partitions, Map<TopicPartition, Long> latest) {
        if (!(bound instanceof Bound.Time time)) {
            return Map.of();
        }
        Map<TopicPartition, Long> query = new HashMap<>();
        partitions.forEach(partition -> query.put(partition, time.instant().toEpochMilli()));
        Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query, timeout);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            OffsetAndTimestamp hit = found.get(partition);
            offsets.put(partition, hit == null ? latest.get(partition) : hit.offset());
        }
        return offsets;
    }

    /** The topic and the resolved offsets, with what retention removed. */
    public String describe() {
        StringBuilder text = new StringBuilder("kafka " + servers + " topic " + topic + ", offsets");
        start.forEach((partition, first) -> text.append(' ')
                .append(partition.partition())
                .append(':')
                .append(first)
                .append('-')
                .append(end.get(partition)));
        notes.forEach(note -> text.append("; ").append(note));
        return text.toString();
    }

    /** Hands the records of the range to {@code sink} a batch at a time, in offset order per partition. */
    public void read(Consumer<List<ConsumerRecord<byte[], byte[]>>> sink) {
        Map<TopicPartition, Long> remaining = new HashMap<>();
        start.forEach((partition, first) -> {
            if (end.get(partition) > first) {
                remaining.put(partition, end.get(partition));
            }
        });
        if (remaining.isEmpty()) {
            return;
        }
        consumer.assign(remaining.keySet());
        remaining.keySet().forEach(partition -> consumer.seek(partition, start.get(partition)));
        long quietSince = System.nanoTime();
        while (!remaining.isEmpty()) {
            ConsumerRecords<byte[], byte[]> records;
            try {
                records = consumer.poll(Duration.ofMillis(500));
            } catch (OffsetOutOfRangeException e) {
                skipRemoved(e.offsetOutOfRangePartitions().keySet(), remaining);
                continue;
            }
            if (records.isEmpty()) {
                if (System.nanoTime() - quietSince > timeout.toNanos()) {
                    throw new SourceUnavailableException("Kafka at " + servers + " sent nothing for "
                            + timeout.toSeconds() + " s with offsets still to read: " + remaining);
                }
            } else {
                quietSince = System.nanoTime();
            }
            List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>(records.count());
            for (TopicPartition partition : records.partitions()) {
                long stop = remaining.getOrDefault(partition, -1L);
                for (ConsumerRecord<byte[], byte[]> record : records.records(partition)) {
                    if (record.offset() < stop) {
                        batch.add(record);
                    }
                }
            }
            sink.accept(batch);
            finishPartitions(remaining);
        }
    }

    /** Retention deleted records not yet read: carry on from the partition's new start, and say so. */
    private void skipRemoved(Collection<TopicPartition> partitions, Map<TopicPartition, Long> remaining) {
        Map<TopicPartition, Long> beginning = consumer.beginningOffsets(partitions, timeout);
        for (TopicPartition partition : partitions) {
            long position = consumer.position(partition, timeout);
            long first = beginning.get(partition);
            notes.add("partition " + partition.partition() + ": retention removed offsets " + position + " to "
                    + (first - 1) + " while the report read them");
            if (first >= remaining.getOrDefault(partition, 0L)) {
                remaining.remove(partition);
                consumer.pause(List.of(partition));
            } else {
                consumer.seek(partition, first);
            }
        }
    }

    /** A partition is done when the consumer's position reaches its end (skipped offsets included). */
    private void finishPartitions(Map<TopicPartition, Long> remaining) {
        List<TopicPartition> done = new ArrayList<>();
        remaining.forEach((partition, stop) -> {
            if (consumer.position(partition, timeout) >= stop) {
                done.add(partition);
            }
        });
        if (!done.isEmpty()) {
            done.forEach(remaining::remove);
            consumer.pause(done);
        }
    }

    @Override
    public void close() {
        if (consumer != null) {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private static int byPartition(TopicPartition a, TopicPartition b) {
        return Integer.compare(a.partition(), b.partition());
    }
}
