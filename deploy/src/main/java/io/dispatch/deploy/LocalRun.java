package io.dispatch.deploy;

import io.dispatch.infrastructure.Infrastructure;
import io.dispatch.infrastructure.InfrastructureOptions;
import io.dispatch.infrastructure.RunningInfrastructure;
import io.dispatch.web.ProcessDefaults;
import io.dispatch.web.identity.ApiKeys;
import io.dispatch.web.secret.SecretCipher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The one-command local run: starts an embedded Kafka broker and PostgreSQL under
 * {@code dispatch.data-dir} (kept between runs), then the three services in this JVM, seeds a
 * demo merchant and a sandbox merchant (whose deliveries simulated riders drive) and prints
 * what a developer needs to start calling the API.
 */
public final class LocalRun {

    private static final Logger log = LoggerFactory.getLogger(LocalRun.class);
    static final String DATABASE = "dispatch";

    private LocalRun() {}

    public static ConfigurableApplicationContext start(String... args) {
        ProcessDefaults.apply();
        LocalRunSettings settings = LocalRunSettings.read(args, System.getenv());
        Path dataDir = settings.dataDir();
        long started = System.nanoTime();
        RunningInfrastructure infrastructure =
                Infrastructure.start(new InfrastructureOptions(dataDir, 0, 0), settings.infrastructureKind());
        infrastructure.createDatabase(DATABASE);
        log.info(
                "{} Kafka and PostgreSQL ready in {} ms (data in {})",
                infrastructure.kind(),
                (System.nanoTime() - started) / 1_000_000,
                dataDir);
        if (settings.infrastructureOnly()) {
            return infrastructureOnly(infrastructure);
        }

        String adminToken =
                settings.adminToken().orElseGet(() -> remembered(dataDir.resolve("admin-token"), ApiKeys.newSecret()));
        Map<String, Object> defaults = new HashMap<>(infrastructure.springProperties(DATABASE));
        defaults.put("dispatch.admin-token", adminToken);
        defaults.put("dispatch.webhook.allow-insecure-targets", "true");
        // simulated riders drive the sandbox merchants' deliveries (the seeded sandbox merchant is one)
        defaults.put("dispatch.simulator.enabled", "true");
        // generated once and kept beside the data it protects, so stored signing secrets decrypt after a restart
        defaults.put(
                "dispatch.webhook.secret-encryption-key",
                remembered(dataDir.resolve("webhook-secret-key"), SecretCipher.newBase64Key()));
        // command-service's own key, for the stores' webhook secrets (docs/adr/0022)
        defaults.put(
                "dispatch.integrations.secret-encryption-key",
                remembered(dataDir.resolve("integrations-secret-key"), SecretCipher.newBase64Key()));
        defaults.put("spring.application.name", "dispatch-local");
        // the local run serves plain HTTP: a Secure cookie would never come back
        defaults.put("dispatch.dashboard.secure-cookie", "false");
        // Boot's logging shutdown would run before the infrastructure's (shutdown handlers run last
        // added first) and swallow the lines saying Kafka and PostgreSQL stopped
        defaults.put("logging.register-shutdown-hook", "false");
        // Reactor Netty's event loops wait 2 s for quiet before they stop; by then the web server and
        // the webhook sender have stopped, so there is nothing to wait for on Ctrl-C
        defaults.put("spring.reactor.netty.shutdown-quiet-period", "100ms");
        // the graceful stop of the web server waits for open tracking streams (an open tracking page)
        // as for any request, 30 s by default; requests of a local run end well within 3 s
        defaults.put("spring.lifecycle.timeout-per-shutdown-phase", "3s");

        // One JVM shutdown hook, Spring Boot's, stops everything in order: first the application
        // context (web server, Kafka consumers, Axon processors, connection pools, by Spring's
        // lifecycle phases), then this handler: Kafka, then PostgreSQL. Separate hooks would run
        // at the same time and stop the database under the services' feet.
        Runnable stopInfrastructure = infrastructure::close;
        SpringApplication.getShutdownHandlers().add(stopInfrastructure);
        ConfigurableApplicationContext context;
        try {
            context = new SpringApplicationBuilder(LocalDispatchApplication.class)
                    .environment(withDefaults(defaults))
                    .run(args);
        } catch (RuntimeException e) {
            SpringApplication.getShutdownHandlers().remove(stopInfrastructure);
            infrastructure.close();
            throw e;
        }

        DemoMerchant.Demo demo =
                context.getBean(DemoMerchant.class).ensure(dataDir.resolve("demo-merchant.properties"));
        String port = context.getEnvironment().getProperty("local.server.port", "8080");
        String baseUrl = "http://localhost:" + port;
        System.out.printf(
                """

        ==================================================================
         dispatch is ready (%d ms)
           base URL          %s
           admin token       %s
           demo merchant     %s
           demo API key      %s
           sandbox merchant  %s
           sandbox API key   %s   (simulated riders take its deliveries)
           data dir          %s
           kafka             %s   (deploy/log-report.sh --kafka ...)
           database          %s
        ==================================================================
        %n""",
                (System.nanoTime() - started) / 1_000_000,
                baseUrl,
                adminToken,
                demo.demo().merchantId(),
                demo.demo().apiKey(),
                demo.sandbox().merchantId(),
                demo.sandbox().apiKey(),
                dataDir,
                infrastructure.kafkaBootstrapServers(),
                infrastructure.jdbcUrl(DATABASE));
        return context;
    }

    /**
     * Only the embedded Kafka and PostgreSQL, for running the three services apart on one machine
     * (bench/services-apart.sh): prints the settings each service takes, then runs until stopped.
     */
    private static ConfigurableApplicationContext infrastructureOnly(RunningInfrastructure infrastructure) {
        Runtime.getRuntime().addShutdownHook(new Thread(infrastructure::close, "local-infrastructure-shutdown"));
        System.out.println("dispatch infrastructure ready; the settings of each service:");
        infrastructure
                .springProperties(DATABASE)
                .forEach((key, value) -> System.out.println("  --" + key + "=" + value));
        System.out.flush();
        try {
            Thread.currentThread().join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /**
     * An environment where the local run's settings outrank the services' built-in defaults
     * (their @PropertySource files) but not system properties, environment variables or
     * command-line arguments, which Spring puts ahead of it.
     */
    public static StandardEnvironment withDefaults(Map<String, Object> settings) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addLast(new MapPropertySource("local-run", settings));
        return environment;
    }

    /** Reads a value kept in the data directory, writing the fallback there the first time. */
    static String remembered(Path file, String fallback) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file).strip();
            }
            Files.createDirectories(file.getParent());
            Files.writeString(file, fallback);
            return fallback;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
