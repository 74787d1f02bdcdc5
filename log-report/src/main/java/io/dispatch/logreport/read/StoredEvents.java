package io.dispatch.logreport.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.EventType;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads a row of Axon's event store the way the Kafka publisher would publish it: the payload is
 * the Jackson JSON of the shared-events record named by {@code payloadType}, the envelope takes
 * Axon's event identifier and sequence number (as command-service's {@code AxonEnvelopes} does).
 * The row is rewritten into the wire envelope and decoded by {@link WireDecoder}, so both sources
 * share one decoder, its upcasters and its sorting of what cannot be read.
 *
 * <p>The version is the row's {@code payloadRevision} (Axon's {@code @Revision}); no record has
 * one yet, so a row without it is version 1.
 */
public final class StoredEvents {

    private static final Map<String, EventType> BY_CLASS_NAME = Arrays.stream(EventType.values())
            .collect(Collectors.toUnmodifiableMap(type -> type.javaType().getName(), Function.identity()));
    private static final String[] LIFTED = {"dispatchId", "merchantId", "occurredAt", "actor"};

    private final ObjectMapper json = new ObjectMapper();
    private final WireDecoder decoder;

    public StoredEvents(WireDecoder decoder) {
        this.decoder = decoder;
    }

    /** One row of {@code command.domain_event_entry}. */
    public record Row(
            long globalIndex,
            String aggregateIdentifier,
            long sequenceNumber,
            String eventIdentifier,
            String payloadType,
            String payloadRevision,
            byte[] payload) {}

    public LogRecord decode(Row row) {
        String position = Long.toString(row.globalIndex());
        EventType type = BY_CLASS_NAME.get(row.payloadType());
        String wireName = type != null ? type.wireName() : row.payloadType();
        JsonNode payload = parse(row.payload());
        Integer version = version(row.payloadRevision());
        if (!(payload instanceof ObjectNode data) || version == null) {
            String detail = version == null
                    ? "payloadRevision '" + row.payloadRevision() + "' is not a version number"
                    : "payload of " + wireName + " is not a JSON object";
            return withRowIdentity(
                    new LogRecord.Unreadable(
                            position, UnreadableReason.UNDECODABLE, detail, wireName, null, null, null),
                    row);
        }
        ObjectNode envelope = json.createObjectNode();
        envelope.put("eventId", row.eventIdentifier());
        envelope.put("type", wireName);
        envelope.put("version", version);
        envelope.put("sequence", row.sequenceNumber());
        for (String field : LIFTED) {
            envelope.set(field, data.get(field));
        }
        envelope.set("data", data);
        LogRecord record = decoder.decode(position, bytes(envelope));
        return record instanceof LogRecord.Unreadable unreadable ? withRowIdentity(unreadable, row) : record;
    }

    /** The row's own columns say which delivery and sequence an unreadable payload belongs to. */
    private static LogRecord.Unreadable withRowIdentity(LogRecord.Unreadable record, Row row) {
        UUID dispatchId = record.dispatchId();
        if (dispatchId == null) {
            try {
                dispatchId = UUID.fromString(row.aggregateIdentifier());
            } catch (IllegalArgumentException e) {
                dispatchId = null;
            }
        }
        return new LogRecord.Unreadable(
                record.position(),
                record.reason(),
                record.detail(),
                record.type(),
                dispatchId,
                record.merchantId(),
                row.sequenceNumber());
    }

    private JsonNode parse(byte[] payload) {
        try {
            return payload == null ? null : json.readTree(payload);
        } catch (IOException e) {
            return null;
        }
    }

    private static Integer version(String revision) {
        if (revision == null || revision.isBlank()) {
            return 1;
        }
        try {
            return Integer.parseInt(revision.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private byte[] bytes(ObjectNode envelope) {
        try {
            return json.writeValueAsBytes(envelope);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a JSON tree", e);
        }
    }
}
