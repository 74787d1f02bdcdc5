package io.dispatch.webhook.app;

import io.dispatch.webhook.WebhookDispatcherConfiguration;
import io.dispatch.web.ProcessDefaults;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** webhook-dispatcher as its own process, against an existing Kafka cluster and PostgreSQL. */
@SpringBootApplication
@Import(WebhookDispatcherConfiguration.class)
public class WebhookDispatcherApplication {

  public static void main(String[] args) {
    ProcessDefaults.apply();
    SpringApplication application = new SpringApplication(WebhookDispatcherApplication.class);
    application.setDefaultProperties(Map.of("spring.application.name", "webhook-dispatcher"));
    application.run(args);
  }
}
