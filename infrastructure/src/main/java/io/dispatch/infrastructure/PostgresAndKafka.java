package io.dispatch.infrastructure;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** What both kinds share once Kafka and PostgreSQL are reachable: URLs, databases, properties. */
abstract class PostgresAndKafka implements RunningInfrastructure {

    static final String USERNAME = "postgres";
    /** The embedded server trusts local connections, so any password works; a non-empty one keeps clients that treat "" as "absent" happy. */
    static final String PASSWORD = "postgres";

    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z0-9_]+");
    /** SQLSTATE duplicate_database: another caller created it between our check and our CREATE. */
    private static final String DUPLICATE_DATABASE = "42P04";

    private final String postgresHost;
    private final int postgresPort;

    PostgresAndKafka(String postgresHost, int postgresPort) {
        this.postgresHost = postgresHost;
        this.postgresPort = postgresPort;
    }

    @Override
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://" + postgresHost + ":" + postgresPort + "/" + requireName(database);
    }

    @Override
    public String r2dbcUrl(String database) {
        return "r2dbc:postgresql://" + postgresHost + ":" + postgresPort + "/" + requireName(database);
    }

    @Override
    public String username() {
        return USERNAME;
    }

    @Override
    public String password() {
        return PASSWORD;
    }

    @Override
    public void createDatabase(String name) {
        requireName(name);
        try (Connection connection = DriverManager.getConnection(jdbcUrl("postgres"), username(), password())) {
            if (exists(connection, name)) {
                return;
            }
            try (Statement statement = connection.createStatement()) {
                // the name is checked against [a-z0-9_]+ above, so it cannot inject SQL
                statement.execute("CREATE DATABASE " + name);
            }
        } catch (SQLException e) {
            if (!DUPLICATE_DATABASE.equals(e.getSQLState())) {
                throw new IllegalStateException("could not create database " + name, e);
            }
        }
    }

    @Override
    public Map<String, String> springProperties(String database) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("spring.kafka.bootstrap-servers", kafkaBootstrapServers());
        properties.put("spring.datasource.url", jdbcUrl(database));
        properties.put("spring.datasource.username", username());
        properties.put("spring.datasource.password", password());
        properties.put("dispatch.r2dbc.url", r2dbcUrl(database));
        properties.put("dispatch.r2dbc.username", username());
        properties.put("dispatch.r2dbc.password", password());
        return Collections.unmodifiableMap(properties);
    }

    private static boolean exists(Connection connection, String name) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            query.setString(1, name);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }

    private static String requireName(String database) {
        if (database == null || !DATABASE_NAME.matcher(database).matches()) {
            throw new IllegalArgumentException("database name must match [a-z0-9_]+, was " + database);
        }
        return database;
    }
}
