package io.dispatch.events.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.EventType;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * {@code dispatch.created} v1 to v2: adds {@code targetPickupSeconds} and {@code
 * targetDeliverySeconds}, derived from v1's own {@code occurredAt} and target times with {@link
 * DispatchCreated#secondsFromCreation} (null where the target time is null), which is exactly
 * what a v2 writer puts there. Public so the command side can apply it to the events its Axon
 * store kept in the v1 shape.
 */
public final class DispatchCreatedServiceTargets implements Upcaster {

    @Override
    public String type() {
        return EventType.DISPATCH_CREATED.wireName();
    }

    @Override
    public int fromVersion() {
        return 1;
    }

    @Override
    public ObjectNode upcast(ObjectNode data) {
        Instant pickupBy = instant(data, "targetPickupAt");
        Instant deliverBy = instant(data, "targetDeliveryAt");
        Instant createdAt = instant(data, "occurredAt");
        if (createdAt == null && (pickupBy != null || deliverBy != null)) {
            throw new EventDecodingException("dispatch.created v1 has target times but no occurredAt to count from");
        }
        data.put("targetPickupSeconds", DispatchCreated.secondsFromCreation(createdAt, pickupBy));
        data.put("targetDeliverySeconds", DispatchCreated.secondsFromCreation(createdAt, deliverBy));
        return data;
    }

    private static Instant instant(ObjectNode data, String field) {
        JsonNode node = data.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw new EventDecodingException("dispatch.created v1 field '" + field + "' is not an ISO-8601 instant");
        }
        try {
            return Instant.parse(node.textValue());
        } catch (DateTimeParseException e) {
            throw new EventDecodingException("dispatch.created v1 field '" + field + "' is not an ISO-8601 instant", e);
        }
    }
}
