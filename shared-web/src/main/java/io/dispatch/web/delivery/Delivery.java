package io.dispatch.web.delivery;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.FailureReason;
import io.dispatch.events.PaymentType;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import java.time.Instant;
import java.util.UUID;

/**
 * The REST form of a delivery (camelCase), as merchants read it. Absent values are written as
 * null, so the shape never changes. Riders get {@link RiderDelivery} (no PIN, no tracking link),
 * operators {@link OperatorDelivery} (this plus the PIN guard).
 */
public record Delivery(
    UUID id,
    String externalId,
    DispatchStatus status,
    UUID riderId,
    String zoneId,
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
    String trackingToken,
    String trackingUrl,
    String deliveryPin,
    String source,
    FailureReason failureReason,
    String failureDetail,
    String cancelReason,
    ProofOfDelivery proofOfDelivery,
    Instant createdAt,
    Instant updatedAt) {

  /** @param publicBaseUrl where customers reach this service, e.g. https://dispatch.example.com */
  public static Delivery from(DispatchView view, String publicBaseUrl) {
    return new Delivery(
        view.dispatchId(), view.externalId(), view.status(), view.riderId(), view.zoneId(),
        view.customerName(), view.customerPhone(), view.pickup(), view.dropoff(), view.paymentType(),
        view.amountCents(), view.feeCents(), view.currency(), view.targetPickupAt(), view.targetDeliveryAt(),
        view.trackingToken(), trackingUrl(publicBaseUrl, view.trackingToken()), view.deliveryPin(),
        view.source() == null ? null : view.source().wireName(), view.failureReason(), view.failureDetail(),
        view.cancelReason(), view.proofOfDelivery(), view.createdAt(), view.updatedAt());
  }

  private static String trackingUrl(String publicBaseUrl, String token) {
    String base = publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
    return base + "/track/" + token;
  }
}
