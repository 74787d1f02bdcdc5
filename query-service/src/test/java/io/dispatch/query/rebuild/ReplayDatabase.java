package io.dispatch.query.rebuild;

import io.dispatch.infrastructure.RunningInfrastructure;
import io.dispatch.infrastructure.SharedTestInfrastructure;
import io.dispatch.web.schema.SchemaMigrations;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A fresh database with the schemas the replays write, for tests that drive the projections' batches
 * and the rebuild's replays over a plain JDBC connection, without a Spring context. The deliveries
 * rows copy their merchant's sandbox flag from the identity schema (shared-web's), so it is migrated
 * too.
 */
record ReplayDatabase(DataSource dataSource) {

    static ReplayDatabase migrated() {
        RunningInfrastructure infrastructure = SharedTestInfrastructure.get();
        DataSource dataSource = new DriverManagerDataSource(
                infrastructure.jdbcUrl(SharedTestInfrastructure.newDatabase()),
                infrastructure.username(),
                infrastructure.password());
        SchemaMigrations.of(dataSource, "identity").migrate();
        SchemaMigrations.of(dataSource, "query").migrate();
        return new ReplayDatabase(dataSource);
    }

    Connection connect() throws SQLException {
        return dataSource.getConnection();
    }
}
