package io.dispatch.accounts;

import io.dispatch.web.schema.SchemaMigrations;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.DependsOn;

/**
 * Everything the accounts module contributes to a Spring context: the merchants' sign-up, sign-in,
 * sign-out and key routes ({@code merchant}), the merchant dashboard ({@code dashboard}), the
 * operator accounts and the console's sign-in ({@code operator}), what both sign-ins share
 * ({@code signin}) and the schema {@code accounts} it writes. command-service imports it; the session store and the
 * credential check that reads a session stay in shared-web, because every HTTP service
 * authenticates a dashboard request (docs/adr/0043).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan("io.dispatch.accounts")
public class AccountsConfiguration {

    /** After the identity migrations, whose V7 first created the table that this schema's V1 moves here. */
    @Bean(initMethod = "migrate")
    @DependsOn("identityFlyway")
    Flyway accountsFlyway(DataSource dataSource) {
        return SchemaMigrations.of(dataSource, "accounts");
    }
}
