package io.dispatch.webhook.app;

import io.dispatch.web.startup.ServiceStartup;
import io.dispatch.webhook.WebhookDispatcherConfiguration;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** webhook-dispatcher as its own process, against an existing Kafka cluster and PostgreSQL. */
@SpringBootApplication
@Import(WebhookDispatcherConfiguration.class)
public class WebhookDispatcherApplication {

    public static void main(String[] args) {
        ServiceStartup.run(WebhookDispatcherApplication.class, "webhook-dispatcher", args);
    }
}
