package io.dispatch.kafka.recovery;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.codec.EventEnvelopeDeserializer;
import io.dispatch.events.codec.EventEnvelopeSerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * How a topic's record values become the bytes a dead letter keeps, and back when it is replayed:
 * the topic's own wire format, so a letter is the record as it was on the log.
 */
public record RecordCodec<V>(Class<V> type, Serializer<V> writer, Deserializer<V> reader) {

    /** The event topics (dispatch-events, webhook-attempts): the versioned event envelope. */
    public static final RecordCodec<EventEnvelope> EVENTS =
            new RecordCodec<>(EventEnvelope.class, new EventEnvelopeSerializer(), new EventEnvelopeDeserializer());

    /** The bytes of a value of this topic; null for a value of another type (nothing to keep). */
    public byte[] bytesOf(String topic, Object value) {
        return type.isInstance(value) ? writer.serialize(topic, type.cast(value)) : null;
    }

    public V read(String topic, byte[] bytes) {
        return reader.deserialize(topic, bytes);
    }
}
