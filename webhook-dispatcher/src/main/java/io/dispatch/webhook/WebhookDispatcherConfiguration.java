package io.dispatch.webhook;

import io.dispatch.web.SharedWebConfiguration;
import io.dispatch.webhook.delivery.WebhookProperties;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

/** Everything webhook-dispatcher contributes to a Spring context. */
@Configuration(proxyBeanMethods = false)
@ComponentScan(
    basePackages = "io.dispatch.webhook",
    excludeFilters = @ComponentScan.Filter(type = FilterType.ANNOTATION, classes = SpringBootApplication.class))
@Import(SharedWebConfiguration.class)
@PropertySource("classpath:io/dispatch/webhook/defaults.properties")
@EnableConfigurationProperties(WebhookProperties.class)
public class WebhookDispatcherConfiguration {

  @Bean(initMethod = "migrate")
  Flyway webhookFlyway(DataSource dataSource) {
    return Flyway.configure().dataSource(dataSource).schemas("webhook").locations("classpath:db/webhook").load();
  }
}
