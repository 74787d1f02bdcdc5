package io.dispatch.command.shopify.web;

import io.dispatch.command.shopify.application.ShopifyConnections;
import io.dispatch.web.Envelope;
import io.dispatch.web.error.ApiException;
import io.dispatch.web.identity.OperatorPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** The operator connects a merchant's Shopify store and sees the orders it sent. */
@Tag(name = "Operator: integrations")
@RestController
@RequestMapping(
        path = "/api/v1/admin/merchants/{merchantId}/integrations/shopify",
        produces = MediaType.APPLICATION_JSON_VALUE)
public class ShopifyAdminController {

    private final ShopifyConnections connections;

    public ShopifyAdminController(ShopifyConnections connections) {
        this.connections = connections;
    }

    @Operation(operationId = "connectShopify", summary = "Connect a merchant's Shopify store", description = """
      Body {shopDomain, webhookSecret, pickup: {address, lat?, lng?, notes?}}. Answers {shopDomain, receiveUrl}: \
      in the Shopify admin, create an orders/create webhook (JSON) to receiveUrl; its orders become deliveries \
      (source shopify) picked up at pickup. A second PUT replaces the settings. The secret is stored encrypted \
      and never shown. Unknown merchant 404; invalid fields 422.""")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content = @Content(schema = @Schema(implementation = ShopifySettingsRequest.Document.class)))
    @PutMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Envelope> connect(
            OperatorPrincipal operator, @PathVariable String merchantId, @RequestBody(required = false) JsonNode body) {
        var id = ApiException.pathId(merchantId, "Merchant");
        return connections.connect(id, ShopifySettingsRequest.parse(body)).map(Envelope::of);
    }

    @Operation(
            operationId = "getShopify",
            summary = "A merchant's Shopify store and its recent orders",
            description = """
      {shopDomain, receiveUrl, pickup, recentOrders}: the last 20 orders/create webhooks received, newest first, \
      each {orderName, webhookId, receivedAt, outcome (CREATED, DUPLICATE, NO_SHIPPING_ADDRESS, INVALID), \
      dispatchId, detail}. 404 when the store is not connected.""")
    @GetMapping
    public Mono<Envelope> overview(OperatorPrincipal operator, @PathVariable String merchantId) {
        return connections.overview(ApiException.pathId(merchantId, "Merchant")).map(Envelope::of);
    }
}
