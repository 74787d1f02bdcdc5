package io.dispatch.command.dispatch.application;

import io.dispatch.events.PaymentType;
import io.dispatch.events.Stop;
import java.time.Instant;

/** One valid create-delivery body, as a merchant, an operator or a CSV row gives it. */
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
