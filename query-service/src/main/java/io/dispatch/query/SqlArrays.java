package io.dispatch.query;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Columns of a multi-row write, each bound as one {@code text[]} parameter and cast in the SQL
 * ({@code unnest(?::uuid[], ?::jsonb[], ...)}): one statement and one round trip for a whole
 * batch, whatever its size.
 */
public final class SqlArrays {

    private final List<List<String>> columns = new ArrayList<>();
    private int rows;

    public SqlArrays(int columnCount) {
        for (int i = 0; i < columnCount; i++) {
            columns.add(new ArrayList<>());
        }
    }

    /** One row; each value written as PostgreSQL reads it back ({@code toString()}), null stays null. */
    public SqlArrays row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(values.length + " values for " + columns.size() + " columns");
        }
        for (int i = 0; i < values.length; i++) {
            columns.get(i).add(values[i] == null ? null : values[i].toString());
        }
        rows++;
        return this;
    }

    public boolean isEmpty() {
        return rows == 0;
    }

    public int execute(Connection connection, String sql) throws SQLException {
        if (rows == 0) {
            return 0;
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < columns.size(); i++) {
                statement.setArray(
                        i + 1, connection.createArrayOf("text", columns.get(i).toArray(String[]::new)));
            }
            return statement.executeUpdate();
        }
    }
}
