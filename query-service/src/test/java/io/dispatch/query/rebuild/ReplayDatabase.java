package io.dispatch.query.rebuild;

import io.dispatch.infrastructure.SharedTestInfrastructure;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;

/**
 * A fresh database with the schemas the replays write, for tests that drive the projections' batches
 * and the rebuild's replays over a plain JDBC connection, without a Spring context. The deliveries
 * rows copy their merchant's sandbox flag from the identity schema (shared-web's), so it is migrated
 * too.
 */
record ReplayDatabase(String url, String user, String password) {

    static ReplayDatabase migrated() {
        Map<String, String> properties =
                SharedTestInfrastructure.get().springProperties(SharedTestInfrastructure.newDatabase());
        ReplayDatabase database = new ReplayDatabase(
                properties.get("spring.datasource.url"),
                properties.get("spring.datasource.username"),
                properties.get("spring.datasource.password"));
        for (String schema : List.of("identity", "query")) {
            Flyway.configure()
                    .dataSource(database.url, database.user, database.password)
                    .schemas(schema)
                    .locations("classpath:db/" + schema)
                    .load()
                    .migrate();
        }
        return database;
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }
}
