package io.dispatch.command;

import io.dispatch.accounts.AccountsConfiguration;
import io.dispatch.audit.AuditConfiguration;
import io.dispatch.command.dispatch.application.CreationKeys;
import io.dispatch.command.pricing.Pricing;
import io.dispatch.command.pricing.PricingProperties;
import io.dispatch.console.ConsoleConfiguration;
import io.dispatch.idempotency.IdempotencyConfiguration;
import io.dispatch.idempotency.IdempotencyProperties;
import io.dispatch.kafka.SharedKafkaConfiguration;
import io.dispatch.representation.RepresentationsConfiguration;
import io.dispatch.riderapp.RiderAppPages;
import io.dispatch.web.SharedWebConfiguration;
import io.dispatch.web.scheduling.PeriodicTask;
import io.dispatch.web.schema.SchemaMigrations;
import java.time.Clock;
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
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Everything command-service contributes to a Spring context: run alone by
 * {@code CommandServiceApplication}, or beside the other services in the local run. Binds every
 * {@code @ConfigurationProperties} record of its packages (docs/adr/0029).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan(
        basePackages = "io.dispatch.command",
        excludeFilters = @ComponentScan.Filter(type = FilterType.ANNOTATION, classes = SpringBootApplication.class))
@Import({
    SharedWebConfiguration.class,
    SharedKafkaConfiguration.class,
    IdempotencyConfiguration.class,
    RepresentationsConfiguration.class,
    AccountsConfiguration.class,
    AuditConfiguration.class,
    ConsoleConfiguration.class,
    RiderAppPages.class
})
@PropertySource("classpath:io/dispatch/command/defaults.properties")
@ConfigurationPropertiesScan
public class CommandServiceConfiguration {

    /** The command schema: event store, token store, pricing and zones. */
    @Bean(initMethod = "migrate")
    Flyway commandFlyway(DataSource dataSource) {
        return SchemaMigrations.of(dataSource, "command");
    }

    /** Creation Idempotency-Keys, kept as long as the stored answers (command.creation_keys). */
    @Bean
    CreationKeys creationKeys(JdbcTemplate jdbc, IdempotencyProperties properties, Clock clock) {
        return new CreationKeys(jdbc, properties, clock);
    }

    /** Other instances' zone and pricing changes are seen within {@code dispatch.pricing.refresh-interval}. */
    @Bean
    PeriodicTask pricingRefresh(Pricing pricing, PricingProperties properties) {
        return new PeriodicTask("pricing-refresh", properties.refreshInterval(), pricing::reload);
    }

    @Bean
    PeriodicTask creationKeyCleanup(CreationKeys keys, IdempotencyProperties properties) {
        return new PeriodicTask("creation-key-cleanup", properties.cleanupInterval(), keys::deleteExpired);
    }
}
