package io.dispatch.query.freshness;

import io.dispatch.kafka.recovery.Faults;
import io.dispatch.kafka.recovery.RecordCodec;
import io.dispatch.kafka.recovery.RecoverableConsumer;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.BatchListenerFailedException;

/**
 * A projection of one topic (its values of type {@code V}, read and kept in dead letters by its
 * {@link RecordCodec}) that stores its partition positions in
 * {@code query.projection_positions}, in the transaction of its rows: it resumes from them, moves
 * them past a dead letter, and applies a replayed letter again through {@link #apply}. Its rows
 * are written by {@link #write}, multi-row statements for any number of events, so a whole Kafka
 * poll costs one transaction ({@link #on}; issue 17) and a single event the same code. Each
 * projection consumes its topic in a consumer group of its name, through the listener container
 * factory it names.
 */
public abstract class PositionedProjection<V> implements RecoverableConsumer {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private final String name;
    private final String topic;
    private final String view;
    private final String containerFactory;
    protected final ProjectionPositions positions;
    private final DataSource dataSource;
    private final ApplyTimer timer;
    private final RecordCodec<V> codec;

    /**
     * @param view the {@code view} tag of {@code dispatch.projection.apply}
     * @param containerFactory the name of the listener container factory bean its records come through
     */
    protected PositionedProjection(
            String name,
            String topic,
            String view,
            String containerFactory,
            RecordCodec<V> codec,
            ProjectionPositions positions,
            DataSource dataSource,
            ApplyTimer timer) {
        this.name = name;
        this.topic = topic;
        this.view = view;
        this.containerFactory = containerFactory;
        this.codec = codec;
        this.positions = positions;
        this.dataSource = dataSource;
        this.timer = timer;
    }

    /** Writes records' values (in log order) to the projection's tables on a connection, in its transaction. */
    protected abstract void write(Connection connection, List<V> values) throws SQLException;

    /**
     * {@link #write}, answering what to do once the transaction has committed (by default nothing):
     * e.g. count what was applied in metrics, which a poll rolled back and retried must not count twice.
     */
    protected Runnable writeThen(Connection connection, List<V> values) throws SQLException {
        write(connection, values);
        return () -> {};
    }

    /**
     * A whole poll in one transaction: its rows, then each partition's next position, so a busy
     * partition costs one commit per poll rather than one per event. When the poll fails for a
     * passing reason (the database away) the container retries it from its first record; for any
     * other reason its records are applied one by one, each in its own transaction, to find the one
     * that fails, which the container retries a few times and then dead-letters. The apply timer
     * counts events, each with its share of the poll's time.
     */
    @KafkaListener(
            id = "#{__listener.group()}",
            groupId = "#{__listener.group()}",
            topics = "#{__listener.topic()}",
            containerFactory = "#{__listener.containerFactory()}",
            batch = "true")
    public void on(List<ConsumerRecord<String, V>> records) {
        if (records.isEmpty()) {
            return;
        }
        try {
            Map<Integer, Long> next = new TreeMap<>();
            List<V> values = new ArrayList<>(records.size());
            for (ConsumerRecord<String, V> record : records) {
                values.add(readable(record));
                next.merge(record.partition(), record.offset() + 1, Math::max);
            }
            timer.timeEach(view, records.size(), () -> commit(values, next));
        } catch (RuntimeException pollFailure) {
            if (Faults.passing(pollFailure)) {
                throw new BatchListenerFailedException("applying a poll failed", pollFailure, records.get(0));
            }
            for (ConsumerRecord<String, V> record : records) {
                try {
                    apply(readable(record), record.partition(), record.offset());
                } catch (RuntimeException failure) {
                    throw new BatchListenerFailedException(
                            "applying " + record.topic() + "-" + record.partition() + "@" + record.offset() + " failed",
                            failure,
                            record);
                }
            }
        }
    }

    /** Applies one record's value and advances its partition's position, in one transaction. */
    public void apply(V value, int partition, long offset) {
        timer.time(view, () -> commit(List.of(value), Map.of(partition, offset + 1)));
    }

    private static <V> V readable(ConsumerRecord<String, V> record) {
        if (record.value() == null) {
            throw new IllegalArgumentException(
                    "unreadable record at " + record.topic() + "-" + record.partition() + "@" + record.offset());
        }
        return record.value();
    }

    private void commit(List<V> values, Map<Integer, Long> next) {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            Runnable committed;
            try {
                committed = writeThen(connection, values);
                ProjectionPositions.advance(connection, name, topic, next);
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
            committed.run();
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "applying " + values.size() + " record(s) of " + topic + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String group() {
        return name;
    }

    /** The topic it projects. */
    public String topic() {
        return topic;
    }

    /** The name of the listener container factory bean its records come through. */
    public String containerFactory() {
        return containerFactory;
    }

    @Override
    public Map<Integer, Long> storedPositions(String topic) {
        return positions.of(name, topic).block(WAIT);
    }

    @Override
    public void passed(String topic, int partition, long offset) {
        positions.advance(name, topic, partition, offset + 1).block(WAIT);
    }

    @Override
    public RecordCodec<V> codec() {
        return codec;
    }

    @Override
    public void reapply(String topic, int partition, long offset, byte[] payload) {
        apply(codec.read(topic, payload), partition, offset);
    }
}
