package io.dispatch.events.codec;

import io.dispatch.events.EventEnvelope;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Kafka value deserializer. Decoding failures propagate ({@link UnknownEventTypeException} for
 * types from a newer producer, {@link EventDecodingException} otherwise): only the consumer knows
 * whether to skip-and-log or stop. A null value (tombstone) stays null.
 */
public final class EventEnvelopeDeserializer implements Deserializer<EventEnvelope> {

    private final EventCodec codec;

    public EventEnvelopeDeserializer() {
        this(EventCodec.standard());
    }

    public EventEnvelopeDeserializer(EventCodec codec) {
        this.codec = codec;
    }

    @Override
    public EventEnvelope deserialize(String topic, byte[] bytes) {
        return bytes == null ? null : codec.decode(bytes);
    }
}
