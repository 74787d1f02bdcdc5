package io.dispatch.webhook.endpoint;

import io.dispatch.web.security.ServedRoutes;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The dashboard's webhook URL is a dashboard route: the session only (an API key is not read
 * there), for the security chain (docs/adr/0056). The accounts module declares the same family.
 */
@Configuration(proxyBeanMethods = false)
public class DashboardWebhookRoutes {

    @Bean
    ServedRoutes dashboardWebhookServedRoutes() {
        return ServedRoutes.of("webhook-dispatcher's dashboard route").dashboardSession("/api/v1/dashboard/**");
    }
}
