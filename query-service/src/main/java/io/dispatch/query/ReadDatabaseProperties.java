package io.dispatch.query;

import io.dispatch.web.startup.InvalidSetting;
import io.dispatch.web.startup.SettingChecks;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * query-service's reactive connection to PostgreSQL ({@code dispatch.r2dbc.*}). Each of url,
 * username and password falls back to Boot's {@code spring.r2dbc.*} of the same name:
 * defaults.properties sets them to those placeholders at the lowest precedence, so either form
 * works and {@code dispatch.r2dbc.*} wins when both are given.
 *
 * @param url an r2dbc: URL; required in one form or the other
 * @param poolSize connections in the pool at most
 */
@ConfigurationProperties("dispatch.r2dbc")
public record ReadDatabaseProperties(
        String url,
        String username,
        String password,
        @DefaultValue("20") int poolSize) {

    public ReadDatabaseProperties {
        if (url == null || url.isBlank()) {
            throw new InvalidSetting(
                    "dispatch.r2dbc.url",
                    "is required (or spring.r2dbc.url): e.g. " + "r2dbc:postgresql://host:5432/dispatch");
        }
        username = username == null ? "" : username;
        password = password == null ? "" : password;
        SettingChecks.atLeast("dispatch.r2dbc.pool-size", poolSize, 1);
    }

    @Override
    public String toString() {
        // the record's default would print the password
        return "ReadDatabaseProperties[url=" + url + ", username=" + username + ", poolSize=" + poolSize + "]";
    }
}
