package io.dispatch.events.codec;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.DispatchEvent;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Reads and writes {@link EventEnvelope}s as the JSON wire format:
 *
 * <pre>{"eventId","type","version","dispatchId","merchantId","sequence","occurredAt","actor","data"}</pre>
 *
 * <p>{@code data} holds the event record's components except the four the envelope lifts out
 * ({@code dispatchId}, {@code merchantId}, {@code occurredAt}, {@code actor}); nulls are written so
 * the shape is stable; instants are UTC with exactly millisecond precision (finer parts are
 * truncated, so a round trip equals the original only for millisecond instants). Reading
 * ignores unknown fields, puts the lifted fields back into {@code data} and upcasts older
 * versions before binding. Immutable and thread-safe.
 */
public final class EventCodec {

    private static final List<String> LIFTED = List.of("dispatchId", "merchantId", "occurredAt", "actor");
    private static final EventCodec STANDARD = new EventCodec(ProductionUpcasters.ALL);

    private final ObjectMapper mapper = EventJson.newMapper();
    private final UpcasterChain upcasters;

    private EventCodec(List<? extends Upcaster> upcasters) {
        this.upcasters = new UpcasterChain(upcasters);
    }

    /** The shared codec with every upcaster the code ships. */
    public static EventCodec standard() {
        return STANDARD;
    }

    /** A codec with exactly these upcasters; for tests and tools, production uses {@link #standard()}. */
    public static EventCodec withUpcasters(List<? extends Upcaster> upcasters) {
        return new EventCodec(List.copyOf(upcasters));
    }

    /**
     * Always writes the current version of the event's type.
     *
     * @throws IllegalArgumentException if the envelope's type, version, delivery, merchant, time
     *     or actor disagree with its event: the wire would then say something the record does not
     */
    public byte[] encode(EventEnvelope envelope) {
        EventType type = checkConsistent(envelope);
        ObjectNode root = mapper.createObjectNode();
        root.put("eventId", envelope.eventId().toString());
        root.put("type", type.wireName());
        root.put("version", type.version());
        root.set("dispatchId", tree(envelope.dispatchId()));
        root.set("merchantId", tree(envelope.merchantId()));
        root.put("sequence", envelope.sequence());
        root.set("occurredAt", tree(envelope.occurredAt()));
        root.set("actor", tree(envelope.actor()));
        ObjectNode data = inWireOrder(
                mapper.valueToTree(envelope.event()), envelope.event().getClass());
        data.remove(LIFTED);
        root.set("data", data);
        try {
            return mapper.writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write event " + envelope.eventId(), e);
        }
    }

    /**
     * @throws UnknownEventTypeException if the type is not one this code knows
     * @throws EventDecodingException if the bytes are not a readable envelope of a known version
     */
    public EventEnvelope decode(byte[] bytes) {
        if (bytes == null) {
            throw new EventDecodingException("no bytes to decode");
        }
        JsonNode root = parse(bytes);
        String typeName = requiredText(root, "type");
        EventType type = EventType.fromWireName(typeName).orElseThrow(() -> new UnknownEventTypeException(typeName));
        UUID eventId = parseEventId(requiredText(root, "eventId"));
        int version = requiredIntegral(root, "version").intValue();
        long sequence = requiredIntegral(root, "sequence").longValue();
        if (!(root.get("data") instanceof ObjectNode data)) {
            throw new EventDecodingException("envelope of event " + eventId + " has no data object");
        }
        // Upcasters see the record's whole shape: a new field may derive from a lifted one (the time).
        for (String field : LIFTED) {
            data.set(field, root.hasNonNull(field) ? root.get(field) : NullNode.getInstance());
        }
        DispatchEvent event = bind(upcasters.upcast(type, version, data), type, eventId);
        return EventEnvelope.of(eventId, sequence, event);
    }

    private static EventType checkConsistent(EventEnvelope envelope) {
        DispatchEvent event = envelope.event();
        EventType type = EventType.of(event);
        boolean consistent = type.wireName().equals(envelope.type())
                && type.version() == envelope.version()
                && Objects.equals(event.dispatchId(), envelope.dispatchId())
                && Objects.equals(event.merchantId(), envelope.merchantId())
                && Objects.equals(event.occurredAt(), envelope.occurredAt())
                && Objects.equals(event.actor(), envelope.actor());
        if (!consistent) {
            throw new IllegalArgumentException("envelope " + envelope.eventId() + " disagrees with its "
                    + type.wireName() + " event; build it with EventEnvelope.of");
        }
        return type;
    }

    /**
     * The event's fields in the order its record's {@link JsonPropertyOrder} names, then any other
     * in Jackson's order. Jackson writes an unwrapped record's fields in one block and cannot put a
     * field of the outer record between two of them ({@code DispatchCreated}'s {@code feeCents}
     * between its order's {@code amountCents} and {@code currency}); this writes them where the
     * golden files have them.
     */
    private static ObjectNode inWireOrder(ObjectNode written, Class<?> type) {
        JsonPropertyOrder order = type.getAnnotation(JsonPropertyOrder.class);
        if (order == null) {
            return written;
        }
        ObjectNode ordered = written.objectNode();
        for (String field : order.value()) {
            JsonNode value = written.remove(field);
            if (value != null) {
                ordered.set(field, value);
            }
        }
        ordered.setAll(written);
        return ordered;
    }

    private JsonNode tree(Object value) {
        return value == null ? NullNode.getInstance() : mapper.valueToTree(value);
    }

    private JsonNode parse(byte[] bytes) {
        try {
            JsonNode root = mapper.readTree(bytes);
            if (root == null || !root.isObject()) {
                throw new EventDecodingException("event is not a JSON object");
            }
            return root;
        } catch (IOException e) {
            throw new EventDecodingException("event is not valid JSON: " + e.getMessage(), e);
        }
    }

    private DispatchEvent bind(ObjectNode data, EventType type, UUID eventId) {
        try {
            return mapper.treeToValue(data, type.javaType());
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new EventDecodingException(
                    "data of " + type.wireName() + " event " + eventId + " does not bind: " + e.getMessage(), e);
        }
    }

    private static String requiredText(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || !node.isTextual()) {
            throw new EventDecodingException("envelope field '" + field + "' is missing or not text");
        }
        return node.textValue();
    }

    private static Number requiredIntegral(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || !node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new EventDecodingException("envelope field '" + field + "' is missing or not an integer");
        }
        if ("version".equals(field) && !node.canConvertToInt()) {
            throw new EventDecodingException("envelope field 'version' is out of range");
        }
        return node.numberValue();
    }

    private static UUID parseEventId(String text) {
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            throw new EventDecodingException("eventId '" + text + "' is not a UUID", e);
        }
    }
}
