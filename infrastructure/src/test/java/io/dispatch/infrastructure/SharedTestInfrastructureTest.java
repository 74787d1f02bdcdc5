package io.dispatch.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class SharedTestInfrastructureTest {

    @Test
    void new_database_gives_distinct_empty_databases_that_do_not_see_each_other() throws Exception {
        String first = SharedTestInfrastructure.newDatabase();
        String second = SharedTestInfrastructure.newDatabase();

        assertThat(first).isNotEqualTo(second).matches("test_\\d+_[0-9a-f]+");
        try (Connection one = connect(first);
                Statement statement = one.createStatement()) {
            assertThat(tableCount(one)).isZero();
            statement.execute("CREATE TABLE parcel (id text)");
        }
        try (Connection two = connect(second)) {
            assertThat(tableCount(two)).isZero();
        }
    }

    @Test
    void every_caller_gets_the_same_running_infrastructure() {
        assertThat(SharedTestInfrastructure.get()).isSameAs(SharedTestInfrastructure.get());
    }

    private static Connection connect(String database) throws SQLException {
        RunningInfrastructure infrastructure = SharedTestInfrastructure.get();
        return DriverManager.getConnection(
                infrastructure.jdbcUrl(database), infrastructure.username(), infrastructure.password());
    }

    private static int tableCount(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
