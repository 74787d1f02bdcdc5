package io.dispatch.query.rebuild;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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

    /**
     * Drops what a failed run left, and creates every table empty: unlogged and with only the
     * indexes behind constraints (primary and unique keys), so the bulk load writes no WAL and
     * maintains no secondary index. Answers the statements {@link #finishLoad} runs to add the rest.
     */
    static List<String> create(Connection connection, List<String> tables) throws SQLException {
        List<String> deferred = new ArrayList<>();
        try (Statement statement = connection.createStatement()) {
            statement.execute("drop schema if exists " + SCHEMA + " cascade");
            statement.execute("create schema " + SCHEMA);
            for (String table : tables) {
                statement.execute(
                        "create unlogged table %s.%s (like query.%s including all)".formatted(SCHEMA, table, table));
                nameIndexesAsLive(connection, statement, table);
                for (String index : secondaryIndexes(connection, table)) {
                    statement.execute("drop index %s.%s".formatted(SCHEMA, index));
                    deferred.add(liveDefinition(connection, table, index));
                }
                deferred.add("alter table %s.%s set logged".formatted(SCHEMA, table));
            }
        }
        return deferred;
    }

    /** The secondary indexes and WAL logging, once the bulk of the log is in (before the swap's catch-up). */
    static void finishLoad(Connection connection, List<String> deferred) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : deferred) {
                statement.execute(sql);
            }
        }
    }

    /** The fresh table's indexes that back no constraint. */
    private static List<String> secondaryIndexes(Connection connection, String table) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement("""
        select c.relname from pg_index i
          join pg_class c on c.oid = i.indexrelid
          join pg_class t on t.oid = i.indrelid
          join pg_namespace n on n.oid = t.relnamespace
         where n.nspname = ? and t.relname = ?
           and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)""")) {
            select.setString(1, SCHEMA);
            select.setString(2, table);
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    names.add(row.getString(1));
                }
            }
        }
        return names;
    }

    /** The live index's definition, on the fresh table. */
    private static String liveDefinition(Connection connection, String table, String index) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "select indexdef from pg_indexes where schemaname = 'query' and tablename = ? and indexname = ?")) {
            select.setString(1, table);
            select.setString(2, index);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new IllegalStateException("no live index query." + index);
                }
                return row.getString(1).replace(" ON query." + table + " ", " ON " + SCHEMA + "." + table + " ");
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
                statement.execute(
                        keptSchema == null
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
    private static Map<String, String> indexes(Connection connection, String schema, String table) throws SQLException {
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
