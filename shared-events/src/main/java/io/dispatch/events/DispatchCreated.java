package io.dispatch.events;

import java.time.Instant;
import java.util.UUID;

/** A delivery was accepted (status NEW). Fee, zone, tracking token and PIN are fixed here. */
public record DispatchCreated(
    UUID dispatchId,
    UUID merchantId,
    Instant occurredAt,
    Actor actor,
    String externalId,
    String customerName,
    String customerPhone,
    Stop pickup,
    Stop dropoff,
    PaymentType paymentType,
    long amountCents,
    long feeCents,
    String currency,
    Instant targetPickupAt,
    Instant targetDeliveryAt,
    String zoneId,
    Source source,
    String trackingToken,
    String deliveryPin)
    implements DispatchLifecycleEvent {}
