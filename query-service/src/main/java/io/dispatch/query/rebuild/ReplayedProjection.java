package io.dispatch.query.rebuild;

import io.dispatch.events.Topic;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A read model as the rebuild replays it: the topic it is folded from, its tables, where the live
 * projection has got to, and how a batch of records is applied to the tables of a given schema.
 * Applying must give the rows the live projection gives for the same records.
 */
abstract class ReplayedProjection {

    private final String topic;
    private final String liveProjection;
    private final List<String> tables;

    /**
     * @param liveProjection the name the live projection keeps its positions under
     * @param tables the tables it fills, in the order the live projection writes them
     */
    ReplayedProjection(Topic topic, String liveProjection, List<String> tables) {
        this.topic = topic.name();
        this.liveProjection = liveProjection;
        this.tables = List.copyOf(tables);
    }

    final String topic() {
        return topic;
    }

    /** The tables it fills, in the order the live projection writes them. */
    final List<String> tables() {
        return tables;
    }

    /**
     * How far the live projection has applied each partition (the next offset), read on {@code
     * connection} from {@code query.projection_positions}, which it writes with its rows.
     */
    final Map<Integer, Long> livePositions(Connection connection) throws SQLException {
        return LivePositions.of(connection, liveProjection, topic);
    }

    abstract void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records, Skips skips)
            throws SQLException;
}
