package io.dispatch.deploy;

import io.dispatch.command.CommandServiceConfiguration;
import io.dispatch.engine.DispatchEngineConfiguration;
import io.dispatch.query.QueryServiceConfiguration;
import io.dispatch.webhook.WebhookDispatcherConfiguration;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/** All three services and the dispatch engine in one Spring context: the local run and the end-to-end tests. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({
    CommandServiceConfiguration.class,
    QueryServiceConfiguration.class,
    WebhookDispatcherConfiguration.class,
    DispatchEngineConfiguration.class,
    DemoMerchant.class
})
public class LocalDispatchApplication {

    public static void main(String[] args) {
        LocalRun.start(args);
    }
}
