package io.dispatch.webhook.notification;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.ProofOfDelivery;
import io.dispatch.events.RiderLocationUpdated;
import io.dispatch.events.Stop;
import io.dispatch.events.view.DispatchView;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The snake_case bodies merchants receive: {@code { event, data }}. The lifecycle payload is the
 * delivery's whole state after the event, sent for every lifecycle event but location updates,
 * including {@code dispatch.eta_updated} (a plan moved an estimate by more than five minutes; the
 * status and {@code updated_at} are those of the event before it).
 */
public final class WebhookPayloads {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter MILLIS =
            new DateTimeFormatterBuilder().appendInstant(3).toFormatter();

    private WebhookPayloads() {}

    public static byte[] lifecycle(String event, DispatchView view) {
        DispatchOrder order = view.order();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("dispatch_id", view.dispatchId().toString());
        data.put("external_id", order.externalId());
        data.put("status", view.status().name());
        data.put("rider_id", view.riderId() == null ? null : view.riderId().toString());
        data.put("pickup", stop(order.pickup()));
        data.put("dropoff", stop(order.dropoff()));
        data.put("payment_type", order.paymentType().name());
        data.put("amount_cents", order.amountCents());
        data.put("fee_cents", view.feeCents());
        data.put("currency", order.currency());
        data.put("target_pickup_at", time(order.targetPickupAt()));
        data.put("target_delivery_at", time(order.targetDeliveryAt()));
        // the route planner's estimates (decisions.md §15, BATCHED only): null without a plan
        data.put("estimated_pickup_at", time(view.estimatedPickupAt()));
        data.put("estimated_delivery_at", time(view.estimatedDeliveryAt()));
        data.put("tracking_token", view.trackingToken());
        data.put(
                "failure_reason",
                view.failureReason() == null ? null : view.failureReason().name());
        data.put("failure_detail", view.failureDetail());
        data.put("cancel_reason", view.cancelReason());
        data.put("proof_of_delivery", proof(view.proofOfDelivery()));
        data.put("zone_id", view.zoneId());
        data.put("source", view.source().wireName());
        data.put("created_at", time(view.createdAt()));
        data.put("updated_at", time(view.updatedAt()));
        return body(event, data);
    }

    public static byte[] location(DispatchView view, RiderLocationUpdated update) {
        Map<String, Object> location = new LinkedHashMap<>();
        location.put("latitude", update.latitude());
        location.put("longitude", update.longitude());
        location.put("timestamp", time(update.recordedAt() == null ? update.occurredAt() : update.recordedAt()));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("dispatch_id", view.dispatchId().toString());
        data.put("external_id", view.order().externalId());
        data.put("status", view.status().name());
        data.put("location", location);
        return body("dispatch.location_updated", data);
    }

    public static final String TEST_EVENT = "webhook.test";

    public static byte[] test(java.util.UUID merchantId, String message, Instant sentAt) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("merchant_id", merchantId.toString());
        data.put("message", message);
        data.put("sent_at", time(sentAt));
        return body(TEST_EVENT, data);
    }

    private static byte[] body(String event, Map<String, Object> data) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("event", event);
        body.put("data", data);
        try {
            return JSON.writeValueAsBytes(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> stop(Stop stop) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("address", stop.address());
        out.put("lat", stop.lat());
        out.put("lng", stop.lng());
        out.put("notes", stop.notes());
        return out;
    }

    private static Map<String, Object> proof(ProofOfDelivery proof) {
        if (proof == null) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", proof.type().name());
        out.put("recipient_name", proof.recipientName());
        out.put("captured_at", time(proof.capturedAt()));
        out.put("photo_url", proof.photoUrl());
        out.put("signature_url", proof.signatureUrl());
        return out;
    }

    private static String time(Instant instant) {
        return instant == null ? null : MILLIS.format(instant);
    }
}
