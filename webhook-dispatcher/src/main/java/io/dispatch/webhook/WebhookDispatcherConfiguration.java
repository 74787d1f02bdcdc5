package io.dispatch.webhook;

import io.dispatch.idempotency.IdempotencyConfiguration;
import io.dispatch.kafka.SharedKafkaConfiguration;
import io.dispatch.web.SharedWebConfiguration;
import io.dispatch.web.scheduling.PeriodicTask;
import io.dispatch.web.schema.SchemaMigrations;
import io.dispatch.web.secret.SecretCipher;
import io.dispatch.webhook.destination.TargetPolicy;
import io.dispatch.webhook.feed.FeedCursors;
import io.dispatch.webhook.notification.Notifications;
import io.dispatch.webhook.sending.EndpointProbes;
import io.dispatch.webhook.sending.WebhookMetrics;
import io.dispatch.webhook.sending.WebhookProperties;
import java.time.Clock;
import java.time.Duration;
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

/**
 * Everything webhook-dispatcher contributes to a Spring context. Binds every
 * {@code @ConfigurationProperties} record of its packages (docs/adr/0029).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan(
        basePackages = "io.dispatch.webhook",
        excludeFilters = @ComponentScan.Filter(type = FilterType.ANNOTATION, classes = SpringBootApplication.class))
@Import({SharedWebConfiguration.class, SharedKafkaConfiguration.class, IdempotencyConfiguration.class})
@PropertySource("classpath:io/dispatch/webhook/defaults.properties")
@ConfigurationPropertiesScan
public class WebhookDispatcherConfiguration {

    /** The AES-256-GCM key of the stored signing secrets. */
    public static final String SIGNING_SECRET_KEY = "dispatch.webhook.secret-encryption-key";

    /** Fails the start when dispatch.webhook.secret-encryption-key is missing or malformed. */
    @Bean
    SecretCipher webhookSecretCipher(WebhookProperties properties) {
        return SecretCipher.fromBase64(SIGNING_SECRET_KEY, "webhook-secret", properties.secretEncryptionKey());
    }

    /** The pull feed's cursor key: its own setting, or derived from the secrets' key. */
    @Bean
    FeedCursors feedCursors(WebhookProperties properties) {
        String encryptionKey = properties.secretEncryptionKey() == null ? "" : properties.secretEncryptionKey();
        return new FeedCursors(properties.feed().cursorSecret(), encryptionKey);
    }

    /** Where webhooks may go: https and public addresses only, unless allow-insecure-targets (local run, tests). */
    @Bean
    TargetPolicy targetPolicy(WebhookProperties properties) {
        return new TargetPolicy(properties.allowInsecureTargets());
    }

    /** Refreshes the backlog gauges (dispatch.webhook.backlog, .pending) from the schedule table. */
    @Bean
    PeriodicTask webhookBacklogMetrics(Notifications notifications, WebhookMetrics metrics, Clock clock) {
        return new PeriodicTask("webhook-backlog-metrics", Duration.ofSeconds(10), () -> {
            Notifications.Backlog backlog = notifications.backlog(clock.instant());
            metrics.refreshBacklog(backlog.due(), backlog.pending());
        });
    }

    /** Sends the due probes of disabled endpoints (decisions.md §9). */
    @Bean
    PeriodicTask webhookEndpointProbes(EndpointProbes probes) {
        return new PeriodicTask("webhook-probes", probes.checkEvery(), probes::probeDue);
    }

    @Bean(initMethod = "migrate")
    Flyway webhookFlyway(DataSource dataSource) {
        return SchemaMigrations.of(dataSource, "webhook");
    }
}
