package io.dispatch.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.web.startup.InvalidSetting;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.ResourcePropertySource;

/** dispatch.r2dbc.* falls back to Boot's spring.r2dbc.*, as query-service's defaults say. */
class ReadDatabasePropertiesTest {

    private static ReadDatabaseProperties bind(Map<String, Object> settings) throws IOException {
        var environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("settings", settings));
        // as QueryServiceConfiguration's @PropertySource adds it: last, below everything else
        environment
                .getPropertySources()
                .addLast(new ResourcePropertySource("classpath:io/dispatch/query/defaults.properties"));
        return Binder.get(environment).bindOrCreate("dispatch.r2dbc", ReadDatabaseProperties.class);
    }

    @Test
    void spring_r2dbc_settings_are_used_when_dispatch_r2dbc_ones_are_not_given() throws IOException {
        ReadDatabaseProperties database = bind(Map.of(
                "spring.r2dbc.url", "r2dbc:postgresql://db:5432/dispatch",
                "spring.r2dbc.username", "reader",
                "spring.r2dbc.password", "secret"));

        assertThat(database.url()).isEqualTo("r2dbc:postgresql://db:5432/dispatch");
        assertThat(database.username()).isEqualTo("reader");
        assertThat(database.password()).isEqualTo("secret");
        assertThat(database.poolSize()).isEqualTo(20);
        assertThat(database.toString()).doesNotContain("secret");
    }

    @Test
    void dispatch_r2dbc_settings_win_over_spring_r2dbc_ones() throws IOException {
        ReadDatabaseProperties database = bind(Map.of(
                "spring.r2dbc.url", "r2dbc:postgresql://db:5432/dispatch",
                "dispatch.r2dbc.url", "r2dbc:postgresql://replica:5432/dispatch",
                "dispatch.r2dbc.pool-size", "5"));

        assertThat(database.url()).isEqualTo("r2dbc:postgresql://replica:5432/dispatch");
        assertThat(database.username()).isEmpty();
        assertThat(database.poolSize()).isEqualTo(5);
    }

    @Test
    void without_either_url_the_service_does_not_start() {
        assertThatThrownBy(() -> bind(Map.of()))
                .hasRootCauseInstanceOf(InvalidSetting.class)
                .rootCause()
                .hasMessageContaining("dispatch.r2dbc.url");
    }
}
