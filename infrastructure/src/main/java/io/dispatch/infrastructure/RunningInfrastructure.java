package io.dispatch.infrastructure;

import java.util.Map;

/** A started Kafka broker and PostgreSQL server; {@link #close()} stops both. */
public interface RunningInfrastructure extends AutoCloseable {

    /** {@code "embedded"} or {@code "testcontainers"}. */
    String kind();

    /** e.g. {@code 127.0.0.1:41234} */
    String kafkaBootstrapServers();

    /** {@code jdbc:postgresql://host:port/database} */
    String jdbcUrl(String database);

    /** {@code r2dbc:postgresql://host:port/database} */
    String r2dbcUrl(String database);

    String username();

    String password();

    /** CREATE DATABASE name if it does not exist (name: [a-z0-9_]+). */
    void createDatabase(String name);

    /**
     * Properties a Spring Boot app of this project needs to use this infrastructure with the given
     * database: spring.kafka.bootstrap-servers, spring.datasource.url/username/password and
     * dispatch.r2dbc.url/username/password.
     */
    Map<String, String> springProperties(String database);

    @Override
    void close();
}
