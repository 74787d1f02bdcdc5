package io.dispatch.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

class InfrastructureTest {

    @Test
    void auto_picks_embedded_when_no_docker_engine_answers() {
        assertThat(Infrastructure.chooseKind(null, () -> false)).isEqualTo("embedded");
        assertThat(Infrastructure.chooseKind(" AUTO ", () -> false)).isEqualTo("embedded");
        assertThat(Infrastructure.chooseKind("auto", () -> true)).isEqualTo("testcontainers");
    }

    @Test
    void a_forced_kind_does_not_ask_docker() {
        BooleanSupplier mustNotBeAsked = () -> {
            throw new AssertionError("Docker was asked although the kind was forced");
        };
        assertThat(Infrastructure.chooseKind("embedded", mustNotBeAsked)).isEqualTo("embedded");
        assertThat(Infrastructure.chooseKind("testcontainers", mustNotBeAsked)).isEqualTo("testcontainers");
        assertThatThrownBy(() -> Infrastructure.chooseKind("docker", mustNotBeAsked))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dispatch.infrastructure");
    }

    @Test
    void the_shared_infrastructure_is_embedded_on_a_machine_without_docker() {
        // on this project's machines no Docker engine answers, so this checks the embedded choice
        String expected = Infrastructure.dockerAnswers() ? "testcontainers" : "embedded";

        assertThat(SharedTestInfrastructure.get().kind()).isEqualTo(expected);
    }

    @Test
    void the_spring_properties_reach_kafka_and_the_database() throws Exception {
        RunningInfrastructure infrastructure = SharedTestInfrastructure.get();
        String database = SharedTestInfrastructure.newDatabase();

        Map<String, String> properties = infrastructure.springProperties(database);

        assertThat(properties)
                .containsOnlyKeys(
                        "spring.kafka.bootstrap-servers",
                        "spring.datasource.url",
                        "spring.datasource.username",
                        "spring.datasource.password",
                        "dispatch.r2dbc.url",
                        "dispatch.r2dbc.username",
                        "dispatch.r2dbc.password");
        assertThat(properties.get("dispatch.r2dbc.url"))
                .isEqualTo(infrastructure.r2dbcUrl(database))
                .startsWith("r2dbc:postgresql://")
                .endsWith("/" + database);
        try (Connection connection = DriverManager.getConnection(
                        properties.get("spring.datasource.url"),
                        properties.get("spring.datasource.username"),
                        properties.get("spring.datasource.password"));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT current_database()")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo(database);
        }
        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, properties.get("spring.kafka.bootstrap-servers")))) {
            assertThat(admin.describeCluster().nodes().get(30, TimeUnit.SECONDS))
                    .hasSize(1);
        }
    }

    @Test
    void create_database_can_be_called_twice_for_the_same_name() throws Exception {
        RunningInfrastructure infrastructure = SharedTestInfrastructure.get();
        String name = "twice_" + System.nanoTime();

        infrastructure.createDatabase(name);
        infrastructure.createDatabase(name);

        try (Connection connection = DriverManager.getConnection(
                infrastructure.jdbcUrl(name), infrastructure.username(), infrastructure.password())) {
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    @Test
    void create_database_refuses_names_that_are_not_plain_identifiers() {
        RunningInfrastructure infrastructure = SharedTestInfrastructure.get();

        assertThatThrownBy(() -> infrastructure.createDatabase("x; DROP DATABASE postgres"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> infrastructure.createDatabase("Upper")).isInstanceOf(IllegalArgumentException.class);
    }
}
