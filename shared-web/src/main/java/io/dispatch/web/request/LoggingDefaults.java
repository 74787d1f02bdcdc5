package io.dispatch.web.request;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Logging settings every dispatch process starts with (any property or environment variable
 * overrides them). They must be in the environment before logging starts, which is before the
 * services' own property files are read: every console line shows {@code [requestId dispatchId]}
 * ({@link LogContext}).
 */
public final class LoggingDefaults implements EnvironmentPostProcessor {

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment
                .getPropertySources()
                .addLast(new MapPropertySource(
                        "dispatch-logging-defaults",
                        Map.of("logging.pattern.correlation", "[%X{requestId:-} %X{dispatchId:-}] ")));
    }
}
