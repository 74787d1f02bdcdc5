package io.dispatch.logreport.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.events.EventType;
import io.dispatch.events.codec.EventCodec;
import io.dispatch.events.codec.EventDecodingException;
import io.dispatch.events.codec.UnknownEventTypeException;
import java.io.IOException;
import java.util.UUID;

/**
 * Reads wire-format bytes with the shared {@link EventCodec} (upcasters included) and sorts what
 * it cannot read by reason. The failure path parses the bytes once more to salvage the type,
 * version, delivery, merchant and sequence; the common path costs exactly one decode.
 */
public final class WireDecoder {

    private final EventCodec codec = EventCodec.standard();
    private final ObjectMapper json = new ObjectMapper();

    public LogRecord decode(String position, byte[] bytes) {
        try {
            return new LogRecord.Event(position, codec.decode(bytes));
        } catch (UnknownEventTypeException e) {
            return unreadable(position, UnreadableReason.UNKNOWN_TYPE, e.getMessage(), bytes);
        } catch (EventDecodingException e) {
            return unreadable(
                    position,
                    isFutureVersion(bytes) ? UnreadableReason.FUTURE_VERSION : UnreadableReason.UNDECODABLE,
                    e.getMessage(),
                    bytes);
        }
    }

    private LogRecord.Unreadable unreadable(String position, UnreadableReason reason, String detail, byte[] bytes) {
        JsonNode root = tree(bytes);
        return new LogRecord.Unreadable(
                position,
                reason,
                detail,
                text(root, "type"),
                uuid(root, "dispatchId"),
                uuid(root, "merchantId"),
                root != null
                                && root.path("sequence").canConvertToLong()
                                && root.path("sequence").isIntegralNumber()
                        ? root.get("sequence").longValue()
                        : null);
    }

    private boolean isFutureVersion(byte[] bytes) {
        JsonNode root = tree(bytes);
        if (root == null || !root.path("version").isIntegralNumber()) {
            return false;
        }
        return EventType.fromWireName(text(root, "type"))
                .map(type -> root.get("version").longValue() > type.version())
                .orElse(false);
    }

    private JsonNode tree(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        try {
            JsonNode root = json.readTree(bytes);
            return root != null && root.isObject() ? root : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static String text(JsonNode root, String field) {
        return root != null && root.path(field).isTextual() ? root.get(field).textValue() : null;
    }

    private static UUID uuid(JsonNode root, String field) {
        String text = text(root, field);
        try {
            return text == null ? null : UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
