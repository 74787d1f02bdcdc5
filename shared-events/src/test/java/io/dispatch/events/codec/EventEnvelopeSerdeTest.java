package io.dispatch.events.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import io.dispatch.events.Topics;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EventEnvelopeSerdeTest {

    private final EventEnvelopeSerializer serializer = new EventEnvelopeSerializer();
    private final EventEnvelopeDeserializer deserializer = new EventEnvelopeDeserializer();
    private final String topic = Topics.DISPATCH_EVENTS.name();

    @Test
    void an_envelope_survives_the_kafka_round_trip() {
        EventEnvelope envelope = GoldenSamples.of(EventType.DISPATCH_DELIVERED);

        assertThat(deserializer.deserialize(topic, serializer.serialize(topic, envelope)))
                .isEqualTo(envelope);
    }

    @Test
    void the_serializer_writes_the_codec_wire_format() {
        EventEnvelope envelope = GoldenSamples.of(EventType.DISPATCH_ASSIGNED);

        assertThat(serializer.serialize(topic, envelope))
                .isEqualTo(EventCodec.standard().encode(envelope));
    }

    @Test
    void a_null_value_stays_null_in_both_directions() {
        assertThat(serializer.serialize(topic, null)).isNull();
        assertThat(deserializer.deserialize(topic, null)).isNull();
    }

    @Test
    void the_deserializer_lets_decoding_failures_reach_the_consumer() {
        byte[] unknownType = """
        {"eventId":"9d1c6f2e-0000-4000-8000-000000000001","type":"dispatch.teleported","version":1,"sequence":0,"data":{}}
        """.getBytes(StandardCharsets.UTF_8);
        byte[] notJson = "garbage".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> deserializer.deserialize(topic, unknownType))
                .isInstanceOf(UnknownEventTypeException.class);
        assertThatThrownBy(() -> deserializer.deserialize(topic, notJson)).isInstanceOf(EventDecodingException.class);
    }
}
