package io.dispatch.web;

import com.zaxxer.hikari.HikariDataSource;
import io.dispatch.web.schema.SchemaMigrations;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * Web concerns every HTTP service uses: the envelope and error mapping, request ids, API-key
 * and admin-token authentication. Imported by command-service and query-service; Spring
 * registers it once when both run in one JVM.
 *
 * <p>Like each service's configuration, it binds every {@code @ConfigurationProperties} record of
 * its packages (docs/adr/0029): a record needs no registration of its own.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.web")
@ConfigurationPropertiesScan("io.dispatch.web")
public class SharedWebConfiguration {

    /**
     * Declared here because Boot backs off from its own DataSource as soon as an R2DBC
     * ConnectionFactory bean exists (query-service has one); JDBC is still needed by Axon,
     * Flyway and the blocking repositories.
     */
    @Bean
    @Primary
    @ConfigurationProperties("spring.datasource")
    DataSourceProperties dataSourceProperties() {
        return new DataSourceProperties();
    }

    @Bean
    @Primary
    @ConfigurationProperties("spring.datasource.hikari")
    HikariDataSource dataSource(DataSourceProperties properties) {
        return properties
                .initializeDataSourceBuilder()
                .type(HikariDataSource.class)
                .build();
    }

    /** The identity schema (merchants, API keys) is shared by both HTTP services. */
    @Bean(initMethod = "migrate")
    Flyway identityFlyway(DataSource dataSource) {
        return SchemaMigrations.of(dataSource, "identity");
    }
}
