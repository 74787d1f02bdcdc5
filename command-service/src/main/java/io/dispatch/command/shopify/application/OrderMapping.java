package io.dispatch.command.shopify.application;

import io.dispatch.events.Stop;
import tools.jackson.databind.JsonNode;

/**
 * What a Shopify {@code orders/create} body becomes (decisions.md section 11). The web layer
 * implements it with the merchant API's own body rules, so an order obeys exactly the rules of
 * every other create.
 */
public interface OrderMapping {

    /**
     * @param order the signed body, parsed; null when it was no JSON
     * @param pickup the merchant's pickup from its Shopify settings
     */
    MappedOrder map(JsonNode order, Stop pickup);
}
