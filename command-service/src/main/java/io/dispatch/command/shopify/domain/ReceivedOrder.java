package io.dispatch.command.shopify.domain;

import java.time.Instant;
import java.util.UUID;

/**
 * One orders/create webhook that passed its signature, and what became of it.
 *
 * @param outcome CREATED, DUPLICATE (a repeat of a webhook id already received, or of an order that already made a delivery), NO_SHIPPING_ADDRESS or INVALID
 * @param dispatchId the delivery the order became (for a DUPLICATE, the one its first receipt created)
 * @param detail why an INVALID order made no delivery, field by field
 */
public record ReceivedOrder(
        String orderName, String webhookId, Instant receivedAt, Outcome outcome, UUID dispatchId, String detail) {

    public enum Outcome {
        CREATED,
        DUPLICATE,
        NO_SHIPPING_ADDRESS,
        INVALID
    }
}
