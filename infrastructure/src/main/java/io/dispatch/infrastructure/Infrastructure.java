package io.dispatch.infrastructure;

import java.util.Locale;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * Starts a real Kafka broker and a real PostgreSQL server: in Docker containers when a Docker
 * engine answers, embedded in/next to this JVM otherwise. The system property (or environment
 * variable) {@value #KIND_PROPERTY} = {@code embedded} | {@code testcontainers} | {@code auto}
 * (default) forces the choice.
 */
public final class Infrastructure {

    public static final String KIND_PROPERTY = "dispatch.infrastructure";
    private static final String KIND_ENVIRONMENT_VARIABLE = "DISPATCH_INFRASTRUCTURE";
    private static final String AUTO = "auto";
    private static final Logger log = LoggerFactory.getLogger(Infrastructure.class);

    private Infrastructure() {}

    /** Starts Kafka and PostgreSQL (kind chosen as above); see {@link InfrastructureOptions} for dataDir and ports. */
    public static RunningInfrastructure start(InfrastructureOptions options) {
        return start(options, null);
    }

    /**
     * As {@link #start(InfrastructureOptions)}, with the kind the caller read from its own settings
     * ({@code embedded}, {@code testcontainers} or {@code auto}); null: the system property or
     * environment variable decides, as above.
     */
    public static RunningInfrastructure start(InfrastructureOptions options, String requestedKind) {
        Objects.requireNonNull(options, "options (InfrastructureOptions.ephemeral() for tests)");
        String requested = requestedKind != null ? requestedKind : requestedKind();
        String kind = chooseKind(requested, Infrastructure::dockerAnswers);
        log.info("Starting {} infrastructure with {}", kind, options);
        return TestcontainersInfrastructure.KIND.equals(kind)
                ? TestcontainersInfrastructure.start(options)
                : EmbeddedInfrastructure.start(options);
    }

    /** The kind to start; asks Docker only when the choice is left to {@code auto}. */
    static String chooseKind(String requested, BooleanSupplier dockerAnswers) {
        String normalized = requested == null || requested.isBlank()
                ? AUTO
                : requested.trim().toLowerCase(Locale.ROOT);
        return switch (normalized) {
            case EmbeddedInfrastructure.KIND, TestcontainersInfrastructure.KIND -> normalized;
            case AUTO -> dockerAnswers.getAsBoolean() ? TestcontainersInfrastructure.KIND : EmbeddedInfrastructure.KIND;
            default ->
                throw new IllegalArgumentException(
                        KIND_PROPERTY + " must be embedded, testcontainers or auto, was " + requested);
        };
    }

    static String requestedKind() {
        String property = System.getProperty(KIND_PROPERTY);
        if (property != null) {
            return property;
        }
        String variable = System.getenv(KIND_ENVIRONMENT_VARIABLE);
        return variable != null ? variable : System.getenv(KIND_PROPERTY);
    }

    static boolean dockerAnswers() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            // a broken Docker setup means "no Docker" here, not a failed start
            log.debug("Docker check failed", e);
            return false;
        }
    }
}
