package io.dispatch.command.dispatch.web;

import io.dispatch.command.dispatch.application.DispatchOrder;
import io.dispatch.command.web.FieldErrors;
import io.dispatch.command.web.JsonFields;
import io.dispatch.events.PaymentType;
import io.dispatch.events.Stop;
import java.time.Instant;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Reads a create-delivery body field by field, so every problem is reported at once under the
 * field's own name, and a wrong JSON type is a validation error rather than an unreadable body.
 * Unknown fields are ignored.
 */
public final class DispatchOrderParser {

  private static final Pattern CURRENCY = Pattern.compile("^[A-Z]{3}$");

  private DispatchOrderParser() {}

  /** Null when {@code errors} received a message; prefix is "" or e.g. "orders[3].". */
  public static DispatchOrder parse(JsonNode body, String prefix, FieldErrors errors) {
    if (body == null || !body.isObject()) {
      errors.add(prefix.isEmpty() ? "body" : prefix.substring(0, prefix.length() - 1), "must be a JSON object");
      return null;
    }
    int before = errors.count();
    JsonFields f = new JsonFields(body, prefix, errors);
    String customerName = f.string("customerName", true, 1, 200);
    String customerPhone = PhoneNumber.read(f, "customerPhone", prefix + "customerPhone", errors);
    Stop pickup = stop(body.get("pickup"), prefix + "pickup", errors);
    Stop dropoff = stop(body.get("dropoff"), prefix + "dropoff", errors);
    PaymentType paymentType = f.oneOf("paymentType", PaymentType.class);
    String externalId = f.string("externalId", false, 1, 100);
    Long amount = f.integer("amountCents");
    String currency = f.string("currency", false, 3, 3);
    if (currency != null && !CURRENCY.matcher(currency).matches()) {
      errors.add(prefix + "currency", "must be three upper-case letters, like KES");
    }
    Instant targetPickupAt = f.timestamp("targetPickupAt");
    Instant targetDeliveryAt = f.timestamp("targetDeliveryAt");
    if (targetPickupAt != null && targetDeliveryAt != null && targetDeliveryAt.isBefore(targetPickupAt)) {
      errors.add(prefix + "targetDeliveryAt", "must not be before targetPickupAt");
    }
    if (errors.count() != before) {
      return null;
    }
    return new DispatchOrder(externalId, customerName, customerPhone, pickup, dropoff, paymentType,
        amount == null ? 0 : amount, currency == null ? "KES" : currency, targetPickupAt, targetDeliveryAt);
  }

  /** A pickup or dropoff object under {@code field}; null when {@code errors} received a message. */
  public static Stop stop(JsonNode node, String field, FieldErrors errors) {
    if (node == null || node.isNull()) {
      errors.add(field, "is required");
      return null;
    }
    if (!node.isObject()) {
      errors.add(field, "must be an object with address, lat, lng and notes");
      return null;
    }
    JsonFields f = new JsonFields(node, field + ".", errors);
    String address = f.string("address", true, 1, 500);
    Double lat = f.number("lat", -90, 90);
    Double lng = f.number("lng", -180, 180);
    String notes = f.multiLineString("notes", false, 0, 500);
    if ((lat == null) != (lng == null) && f.clean()) {
      errors.add(field + (lat == null ? ".lat" : ".lng"), "lat and lng must be given together");
    }
    return f.clean() ? new Stop(address, lat, lng, notes) : null;
  }
}
