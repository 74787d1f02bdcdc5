package io.dispatch.deploy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * The settings the local run needs before Spring starts (where the data lives, which
 * infrastructure, the admin token to print), read the way Spring Boot reads them later:
 * command-line arguments, then system properties, then environment variables, with Boot's
 * relaxed binding, so {@code DISPATCH_DATADIR} (the canonical form) and {@code DISPATCH_DATA_DIR}
 * both name {@code dispatch.data-dir}.
 *
 * @param infrastructureKind {@code dispatch.infrastructure}, null when not set (Infrastructure decides)
 */
record LocalRunSettings(
        Path dataDir, String infrastructureKind, boolean infrastructureOnly, Optional<String> adminToken) {

    static final Path DEFAULT_DATA_DIR = Path.of(".dispatch", "data");

    static LocalRunSettings read(String[] args, Map<String, ?> environmentVariables) {
        StandardEnvironment environment = new StandardEnvironment();
        environment
                .getPropertySources()
                .replace(
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        new SystemEnvironmentPropertySource(
                                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                                Map.copyOf(environmentVariables)));
        environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource(args));
        Binder binder = Binder.get(environment);
        return new LocalRunSettings(
                binder.bind("dispatch.data-dir", String.class)
                        .map(Path::of)
                        .orElse(DEFAULT_DATA_DIR)
                        .toAbsolutePath(),
                binder.bind("dispatch.infrastructure", String.class).orElse(null),
                binder.bind("dispatch.local.infrastructure-only", Boolean.class).orElse(false),
                Optional.ofNullable(binder.bind("dispatch.admin-token", String.class)
                                .orElse(null))
                        .map(String::strip)
                        .filter(token -> !token.isEmpty()));
    }
}
