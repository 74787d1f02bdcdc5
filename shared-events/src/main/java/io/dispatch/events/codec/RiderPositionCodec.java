package io.dispatch.events.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dispatch.events.RiderPositionReported;
import java.io.IOException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/** The JSON wire form of {@link RiderPositionReported} on the rider-positions topic. */
public final class RiderPositionCodec {

    private static final ObjectMapper JSON = EventJson.newMapper();

    private RiderPositionCodec() {}

    public static final class Writer implements Serializer<RiderPositionReported> {
        @Override
        public byte[] serialize(String topic, RiderPositionReported position) {
            try {
                return position == null ? null : JSON.writeValueAsBytes(position);
            } catch (IOException e) {
                throw new IllegalStateException("Cannot encode a rider position", e);
            }
        }
    }

    public static final class Reader implements Deserializer<RiderPositionReported> {
        @Override
        public RiderPositionReported deserialize(String topic, byte[] bytes) {
            try {
                return bytes == null ? null : JSON.readValue(bytes, RiderPositionReported.class);
            } catch (IOException e) {
                throw new EventDecodingException("Not a rider position: " + e.getMessage(), e);
            }
        }
    }
}
