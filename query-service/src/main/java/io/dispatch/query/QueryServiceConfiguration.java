package io.dispatch.query;

import io.dispatch.idempotency.IdempotencyConfiguration;
import io.dispatch.kafka.SharedKafkaConfiguration;
import io.dispatch.representation.RepresentationsConfiguration;
import io.dispatch.web.SharedWebConfiguration;
import io.dispatch.web.schema.SchemaMigrations;
import io.r2dbc.pool.ConnectionPool;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * Everything query-service contributes to a Spring context. Read tables are served over
 * R2DBC; JDBC is used only by Flyway to migrate them. Binds every {@code @ConfigurationProperties}
 * record of its packages (docs/adr/0029).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan(
        basePackages = "io.dispatch.query",
        excludeFilters = @ComponentScan.Filter(type = FilterType.ANNOTATION, classes = SpringBootApplication.class))
@Import({
    SharedWebConfiguration.class,
    SharedKafkaConfiguration.class,
    IdempotencyConfiguration.class,
    RepresentationsConfiguration.class
})
@PropertySource("classpath:io/dispatch/query/defaults.properties")
@ConfigurationPropertiesScan
public class QueryServiceConfiguration {

    @Bean(initMethod = "migrate")
    Flyway queryFlyway(DataSource dataSource) {
        return SchemaMigrations.of(dataSource, "query");
    }

    @Bean(destroyMethod = "dispose")
    ConnectionPool queryConnectionFactory(ReadDatabaseProperties database) {
        return ReadConnectionPool.create(database);
    }

    @Bean
    DatabaseClient queryDatabaseClient(ConnectionPool queryConnectionFactory) {
        return DatabaseClient.create(queryConnectionFactory);
    }

    @Bean
    TransactionalOperator queryTransactions(ConnectionPool queryConnectionFactory) {
        return TransactionalOperator.create(new R2dbcTransactionManager(queryConnectionFactory));
    }
}
