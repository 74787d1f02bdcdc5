package io.dispatch.command.shopify.web;

import io.dispatch.command.shopify.application.ShopifyConnections;
import io.dispatch.web.Envelope;
import io.dispatch.web.identity.MerchantPrincipal;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The signed-in merchant connects its own Shopify store from the dashboard: the operator's
 * routes ({@link ShopifyAdminController}) for the merchant of the session, same body and answers.
 * Without a merchant principal (the session family of the security chain) it answers 401.
 */
@RestController
@RequestMapping(path = "/api/v1/dashboard/integrations/shopify", produces = MediaType.APPLICATION_JSON_VALUE)
public class ShopifyDashboardController {

    private final ShopifyConnections connections;

    public ShopifyDashboardController(ShopifyConnections connections) {
        this.connections = connections;
    }

    @PutMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> connect(MerchantPrincipal merchant, @RequestBody(required = false) JsonNode body) {
        return connections
                .connect(merchant.merchantId(), ShopifySettingsRequest.parse(body))
                .map(Envelope::of);
    }

    @GetMapping
    public Mono<Envelope> overview(MerchantPrincipal merchant) {
        return connections.overview(merchant.merchantId()).map(Envelope::of);
    }
}
