package logreport;

import io.dispatch.infrastructure.RunningInfrastructure;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** The baselines: the same data read from each source without the report's decoding. */
final class RawReads {

    private RawReads() {}

    /** A raw consumer read of the whole topic, bytes only, no decoding; returns the records read. */
    static long kafka(String servers) {
        Properties p = new Properties();
        p.put("bootstrap.servers", servers);
        p.put("enable.auto.commit", "false");
        p.put("max.poll.records", "5000");
        p.put("fetch.min.bytes", "65536");
        p.put("fetch.max.wait.ms", "100");
        p.put("max.partition.fetch.bytes", Integer.toString(4 * 1024 * 1024));
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(LogReportBench.TOPIC).stream()
                    .map(i -> new TopicPartition(LogReportBench.TOPIC, i.partition()))
                    .toList();
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long records = 0;
            long bytes = 0;
            long total = end.values().stream().mapToLong(Long::longValue).sum();
            while (records < total) {
                ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(500));
                for (var record : batch) {
                    records++;
                    bytes += record.value().length;
                }
            }
            return bytes > 0 ? records : 0;
        }
    }

    /** A JDBC read of the columns the report selects, no decoding; returns the rows read. */
    static long eventStore(String url, RunningInfrastructure infrastructure) throws Exception {
        try (Connection c = DriverManager.getConnection(url, infrastructure.username(), infrastructure.password())) {
            c.setAutoCommit(false);
            try (PreparedStatement q = c.prepareStatement(
                    "select globalIndex, aggregateIdentifier, sequenceNumber, eventIdentifier, payloadType,"
                            + " payloadRevision, payload from command.domain_event_entry order by globalIndex")) {
                q.setFetchSize(5000);
                long rows = 0;
                long bytes = 0;
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        rows++;
                        bytes += rs.getBytes(7).length + rs.getString(2).length();
                    }
                }
                c.rollback();
                return bytes > 0 ? rows : 0;
            }
        }
    }
}
