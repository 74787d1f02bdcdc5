package io.dispatch.query.rebuild;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The empty tables a rebuild fills, in schema {@value #SCHEMA}, and their move into {@code query}.
 * Each is created {@code like} its live table (columns, defaults, constraints, indexes), with the
 * live indexes' names, so the switched-in table is indistinguishable from what the migrations made
 * and later migrations apply to it unchanged.
 */
final class FreshTables {

  static final String SCHEMA = "query_rebuild";
  private static final Pattern INDEX_NAME = Pattern.compile("^CREATE (UNIQUE )?INDEX \\S+ ON \\S+ ");

  private FreshTables() {}

  /** Drops what a failed run left, and creates every table empty. */
  static void create(Connection connection, List<String> tables) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("drop schema if exists " + SCHEMA + " cascade");
      statement.execute("create schema " + SCHEMA);
      for (String table : tables) {
        statement.execute("create table %s.%s (like query.%s including all)".formatted(SCHEMA, table, table));
        nameIndexesAsLive(connection, statement, table);
      }
    }
  }

  /** Drops the rebuild's schema (after a failure, or once its tables moved). */
  static void drop(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("drop schema if exists " + SCHEMA + " cascade");
    }
  }

  /**
   * Moves the rebuilt tables into {@code query} in place of the live ones, which are dropped, or
   * kept in {@code keptSchema} when it is given. Runs inside the caller's transaction, which
   * holds the live tables locked.
   */
  static void switchIn(Connection connection, List<String> tables, String keptSchema) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      if (keptSchema != null) {
        statement.execute("create schema " + keptSchema);
      }
      for (String table : tables) {
        statement.execute(keptSchema == null
            ? "drop table query." + table
            : "alter table query.%s set schema %s".formatted(table, keptSchema));
        statement.execute("alter table %s.%s set schema query".formatted(SCHEMA, table));
      }
      statement.execute("drop schema " + SCHEMA);
    }
  }

  private static void nameIndexesAsLive(Connection connection, Statement statement, String table)
      throws SQLException {
    Map<String, String> liveByDefinition = new HashMap<>();
    indexes(connection, "query", table).forEach((name, definition) -> liveByDefinition.put(definition, name));
    for (var index : indexes(connection, SCHEMA, table).entrySet()) {
      String liveName = liveByDefinition.get(index.getValue());
      if (liveName == null) {
        throw new IllegalStateException("no live index of query." + table + " matches " + index.getKey());
      }
      if (!liveName.equals(index.getKey())) {
        statement.execute("alter index %s.%s rename to %s".formatted(SCHEMA, index.getKey(), liveName));
      }
    }
  }

  /** Each index's definition with its name and table left out, by name. */
  private static Map<String, String> indexes(Connection connection, String schema, String table)
      throws SQLException {
    Map<String, String> byName = new HashMap<>();
    try (PreparedStatement select = connection.prepareStatement(
        "select indexname, indexdef from pg_indexes where schemaname = ? and tablename = ?")) {
      select.setString(1, schema);
      select.setString(2, table);
      try (ResultSet row = select.executeQuery()) {
        while (row.next()) {
          String definition = INDEX_NAME.matcher(row.getString(2)).replaceFirst("CREATE $1INDEX ON ");
          byName.put(row.getString(1), definition);
        }
      }
    }
    return byName;
  }
}
