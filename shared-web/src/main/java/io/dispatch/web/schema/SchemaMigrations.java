package io.dispatch.web.schema;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Each PostgreSQL schema belongs to the module that writes it and has a Flyway history of its own:
 * schema {@code name}, migrations on the classpath under {@code db/name}. A module declares its
 * bean with {@code @Bean(initMethod = "migrate")} and, when its first migration moves tables out of
 * another schema, {@code @DependsOn} that schema's bean.
 */
public final class SchemaMigrations {

    private SchemaMigrations() {}

    /** The migrations of schema {@code name}, not yet run. */
    public static Flyway of(DataSource dataSource, String name) {
        return Flyway.configure()
                .dataSource(dataSource)
                .schemas(name)
                .locations("classpath:db/" + name)
                .load();
    }
}
