package io.dispatch.command.shopify.web;

import io.dispatch.web.security.ClientLimit;
import io.dispatch.web.security.ServedRoutes;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The routes of the Shopify integration, for the security chain and limits (docs/adr/0056): the
 * orders receiver needs no credential in the chain (its handler checks the store's HMAC), every
 * store webhook receiver counts under a per-client-address limit of its own, and the connection's
 * dashboard route takes the dashboard session only.
 */
@Configuration(proxyBeanMethods = false)
public class ShopifyRoutes {

    @Bean
    ServedRoutes shopifyServedRoutes() {
        return ServedRoutes.of("shopify")
                .open("/api/v1/integrations/shopify/*/orders")
                .limitedPerClient(ClientLimit.INTEGRATIONS, "/api/v1/integrations/**")
                .dashboardSession("/api/v1/dashboard/**");
    }
}
