package io.dispatch.query.freshness;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** How far each projection has applied each partition: the next offset it will read. */
@Repository
public class ProjectionPositions {

    private final DatabaseClient db;

    public ProjectionPositions(DatabaseClient queryDatabaseClient) {
        this.db = queryDatabaseClient;
    }

    /**
     * Advances the projection's positions on a JDBC connection, inside the caller's transaction
     * that applied the records: never backwards.
     */
    public static void advance(Connection connection, String projection, String topic, Map<Integer, Long> next)
            throws SQLException {
        try (PreparedStatement advance = connection.prepareStatement("""
        insert into query.projection_positions (projection, topic, partition, next_offset)
        values (?, ?, ?, ?)
        on conflict (projection, topic, partition)
        do update set next_offset = greatest(query.projection_positions.next_offset, excluded.next_offset)""")) {
            for (var position : next.entrySet()) {
                advance.setString(1, projection);
                advance.setString(2, topic);
                advance.setInt(3, position.getKey());
                advance.setLong(4, position.getValue());
                advance.addBatch();
            }
            advance.executeBatch();
        }
    }

    public Mono<Void> advance(String projection, String topic, int partition, long nextOffset) {
        return db.sql("""
            insert into query.projection_positions (projection, topic, partition, next_offset)
            values (:projection, :topic, :partition, :next)
            on conflict (projection, topic, partition)
            do update set next_offset = greatest(query.projection_positions.next_offset, excluded.next_offset)""")
                .bind("projection", projection)
                .bind("topic", topic)
                .bind("partition", partition)
                .bind("next", nextOffset)
                .then();
    }

    public Mono<Map<Integer, Long>> of(String projection, String topic) {
        return db.sql(
                        "select partition, next_offset from query.projection_positions where projection = :p and topic = :t")
                .bind("p", projection)
                .bind("t", topic)
                .map(row -> Map.entry(row.get("partition", Integer.class), row.get("next_offset", Long.class)))
                .all()
                .collect(HashMap::new, (map, entry) -> map.put(entry.getKey(), entry.getValue()));
    }
}
