package io.dispatch.query.rebuild;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Map;

/**
 * A content checksum of read-model tables: md5 over each table's rows as PostgreSQL prints them,
 * in key order, then md5 over the tables' sums in a fixed order. Two sets of tables with the same
 * rows have the same checksum, wherever they live.
 */
final class TableChecksums {

  private TableChecksums() {}

  /** {@code tables}: table name to the columns that order its rows. */
  static String of(Connection connection, String schema, Map<String, String> tables) throws SQLException {
    StringBuilder sums = new StringBuilder();
    try (Statement statement = connection.createStatement()) {
      for (var table : new java.util.TreeMap<>(tables).entrySet()) {
        String sql = "select md5(coalesce(string_agg(md5(t::text), '' order by %s), '')) from %s.%s t"
            .formatted(table.getValue(), schema, table.getKey());
        try (ResultSet row = statement.executeQuery(sql)) {
          row.next();
          sums.append(table.getKey()).append('=').append(row.getString(1)).append(';');
        }
      }
    }
    return md5(sums.toString());
  }

  private static String md5(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
