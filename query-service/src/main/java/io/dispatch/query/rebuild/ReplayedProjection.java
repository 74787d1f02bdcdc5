package io.dispatch.query.rebuild;

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
interface ReplayedProjection {

    String topic();

    /** The tables it fills, in the order the live projection writes them. */
    List<String> tables();

    /**
     * How far the live projection has applied each partition (the next offset), read on {@code
     * connection} from {@code query.projection_positions}, which it writes with its rows.
     */
    Map<Integer, Long> livePositions(Connection connection) throws SQLException;

    void apply(Connection connection, String schema, List<ConsumerRecord<byte[], byte[]>> records, Skips skips)
            throws SQLException;
}
