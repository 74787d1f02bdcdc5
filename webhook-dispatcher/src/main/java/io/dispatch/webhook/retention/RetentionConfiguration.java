package io.dispatch.webhook.retention;

import io.dispatch.web.scheduling.PeriodicTask;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The dispatcher's retention: the cleanup round every {@code cleanup-interval} ({@link RetentionProperties}). */
@Configuration(proxyBeanMethods = false)
public class RetentionConfiguration {

    @Bean
    PeriodicTask notificationCleanupTask(NotificationCleanup cleanup, RetentionProperties retention) {
        return new PeriodicTask("webhook-retention", retention.cleanupInterval(), cleanup::runOnce);
    }
}
