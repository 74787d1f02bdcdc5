package io.dispatch.webhook.retention;

import io.dispatch.web.scheduling.PeriodicTask;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The dispatcher's retention: its settings and the cleanup round every {@code cleanup-interval}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RetentionProperties.class)
public class RetentionConfiguration {

  @Bean
  PeriodicTask notificationCleanupTask(NotificationCleanup cleanup, RetentionProperties retention) {
    return new PeriodicTask("webhook-retention", retention.cleanupInterval(), cleanup::runOnce);
  }
}
