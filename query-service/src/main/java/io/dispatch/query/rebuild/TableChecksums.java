package io.dispatch.query.rebuild;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;

/**
 * A content checksum of read-model tables: per table, the row count and the sum of a 64-bit hash
 * of each row as PostgreSQL prints it (a sum needs no sort, so it costs one scan), then md5 over
 * the tables' figures in a fixed order. Two sets of tables with the same rows have the same
 * checksum, wherever they live; a changed, missing or extra row changes it (barring a 64-bit
 * collision, which is fine for telling an operator whether the tables agree, not for security).
 */
final class TableChecksums {

    private TableChecksums() {}

    static String of(Connection connection, String schema, List<String> tables) throws SQLException {
        StringBuilder sums = new StringBuilder();
        try (Statement statement = connection.createStatement()) {
            for (String table : new TreeSet<>(tables)) {
                String sql = "select count(*), coalesce(sum(hashtextextended(t::text, 0)::numeric), 0) from %s.%s t"
                        .formatted(schema, table);
                try (ResultSet row = statement.executeQuery(sql)) {
                    row.next();
                    sums.append(table)
                            .append('=')
                            .append(row.getLong(1))
                            .append(':')
                            .append(row.getString(2))
                            .append(';');
                }
            }
        }
        return md5(sums.toString());
    }

    private static String md5(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
