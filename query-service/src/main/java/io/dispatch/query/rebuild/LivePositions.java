package io.dispatch.query.rebuild;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** A live projection's positions in {@code query.projection_positions}. */
final class LivePositions {

    private LivePositions() {}

    static Map<Integer, Long> of(Connection connection, String projection, String topic) throws SQLException {
        Map<Integer, Long> positions = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement(
                "select partition, next_offset from query.projection_positions where projection = ? and topic = ?")) {
            select.setString(1, projection);
            select.setString(2, topic);
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    positions.put(row.getInt(1), row.getLong(2));
                }
            }
        }
        return positions;
    }
}
