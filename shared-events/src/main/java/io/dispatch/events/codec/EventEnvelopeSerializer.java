package io.dispatch.events.codec;

import io.dispatch.events.EventEnvelope;
import org.apache.kafka.common.serialization.Serializer;

/** Kafka value serializer; the no-argument constructor is what Kafka's config instantiates. */
public final class EventEnvelopeSerializer implements Serializer<EventEnvelope> {

    private final EventCodec codec;

    public EventEnvelopeSerializer() {
        this(EventCodec.standard());
    }

    public EventEnvelopeSerializer(EventCodec codec) {
        this.codec = codec;
    }

    @Override
    public byte[] serialize(String topic, EventEnvelope envelope) {
        return envelope == null ? null : codec.encode(envelope);
    }
}
