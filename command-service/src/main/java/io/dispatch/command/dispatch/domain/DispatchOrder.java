package io.dispatch.command.dispatch.domain;

import io.dispatch.events.PaymentType;
import io.dispatch.events.Stop;
import java.time.Instant;

/**
 * The order: one valid create-delivery body, as a merchant, an operator, a CSV row or a Shopify
 * order gives it, and what the creation command carries of it unchanged. The event
 * {@code DispatchCreated} writes these fields flat beside what the service decides (fee, zone,
 * targets, token, PIN, policy), its wire format fixed by its golden files.
 */
public record DispatchOrder(
        String externalId,
        String customerName,
        String customerPhone,
        Stop pickup,
        Stop dropoff,
        PaymentType paymentType,
        long amountCents,
        String currency,
        Instant targetPickupAt,
        Instant targetDeliveryAt) {}
