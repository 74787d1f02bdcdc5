package io.dispatch.command;

import io.dispatch.web.SharedWebConfiguration;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Everything command-service contributes to a Spring context: run alone by
 * {@code CommandServiceApplication}, or beside the other services in the local run.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan(
    basePackages = "io.dispatch.command",
    excludeFilters = @ComponentScan.Filter(type = FilterType.ANNOTATION, classes = SpringBootApplication.class))
@Import(SharedWebConfiguration.class)
@PropertySource("classpath:io/dispatch/command/defaults.properties")
@EnableScheduling
public class CommandServiceConfiguration {

  /** The command schema: event store, token store, pricing and zones. */
  @Bean(initMethod = "migrate")
  Flyway commandFlyway(DataSource dataSource) {
    return Flyway.configure()
        .dataSource(dataSource)
        .schemas("command")
        .locations("classpath:db/command")
        .load();
  }
}
