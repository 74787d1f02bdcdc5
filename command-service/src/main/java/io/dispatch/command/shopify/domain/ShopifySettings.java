package io.dispatch.command.shopify.domain;

import io.dispatch.events.Stop;

/** A merchant's Shopify connection as set by the operator or the merchant. Never printed with its secret. */
public record ShopifySettings(String shopDomain, String webhookSecret, Stop pickup) {

    @Override
    public String toString() {
        return "ShopifySettings[shopDomain=" + shopDomain + ", webhookSecret=<hidden>, pickup=" + pickup + "]";
    }
}
