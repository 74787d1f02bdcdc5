package io.dispatch.command.shopify.application;

/** The headers Shopify sends with every webhook. */
public final class ShopifyHeaders {

    public static final String HMAC = "X-Shopify-Hmac-Sha256";
    public static final String WEBHOOK_ID = "X-Shopify-Webhook-Id";
    public static final String TOPIC = "X-Shopify-Topic";
    public static final String ORDERS_CREATE = "orders/create";

    /** The values of one request's headers, as received (any may be null). */
    public record Received(String hmac, String webhookId, String topic) {}

    private ShopifyHeaders() {}
}
