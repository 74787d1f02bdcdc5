package io.dispatch.events.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The mechanism itself, proven with a made-up history: a "v0" of dispatch.cancelled that
 * called its reason {@code cancelReason}.
 */
class UpcasterTest {

    private static final String CANCELLED_V0 = """
      {"eventId":"9d1c6f2e-0000-4000-8000-000000000007","type":"dispatch.cancelled","version":0,
       "dispatchId":"5b0a4c1e-7d2f-4c3a-9e8b-1f2d3c4b5a60","merchantId":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
       "sequence":1,"occurredAt":"2026-11-21T10:16:02.500Z",
       "actor":{"type":"merchant","id":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"},
       "data":{"cancelReason":"Customer changed their mind"}}
      """;

    /** v0 -> v1: {@code cancelReason} was renamed to {@code reason}. */
    static class CancelReasonRenamed implements Upcaster {
        @Override
        public String type() {
            return "dispatch.cancelled";
        }

        @Override
        public int fromVersion() {
            return 0;
        }

        @Override
        public ObjectNode upcast(ObjectNode data) {
            JsonNode reason = data.remove("cancelReason");
            data.set("reason", reason);
            return data;
        }
    }

    private static byte[] cancelledV0() {
        return CANCELLED_V0.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void an_old_version_is_upcast_before_binding_and_comes_out_as_the_current_version() {
        EventCodec codec = EventCodec.withUpcasters(List.of(new CancelReasonRenamed()));

        EventEnvelope decoded = codec.decode(cancelledV0());

        assertThat(decoded).isEqualTo(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
        assertThat(decoded.version()).isEqualTo(1);
        assertThat(((DispatchCancelled) decoded.event()).reason()).isEqualTo("Customer changed their mind");
    }

    @Test
    void the_current_version_is_not_passed_through_an_upcaster() {
        EventCodec codec = EventCodec.withUpcasters(List.of(new CancelReasonRenamed()));
        byte[] current = EventCodec.standard().encode(GoldenSamples.of(EventType.DISPATCH_CANCELLED));

        assertThat(codec.decode(current)).isEqualTo(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
    }

    @Test
    void without_the_upcaster_the_old_version_fails_to_decode() {
        assertThatThrownBy(() -> EventCodec.standard().decode(cancelledV0()))
                .isExactlyInstanceOf(EventDecodingException.class);
    }

    @Test
    void two_upcasters_for_the_same_type_and_version_are_refused() {
        assertThatThrownBy(
                        () -> EventCodec.withUpcasters(List.of(new CancelReasonRenamed(), new CancelReasonRenamed())))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void an_upcaster_for_an_unknown_type_is_refused() {
        Upcaster unknown = new CancelReasonRenamed() {
            @Override
            public String type() {
                return "dispatch.teleported";
            }
        };

        assertThatThrownBy(() -> EventCodec.withUpcasters(List.of(unknown)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void an_upcaster_from_the_current_version_is_refused() {
        Upcaster fromCurrent = new CancelReasonRenamed() {
            @Override
            public int fromVersion() {
                return EventType.DISPATCH_CANCELLED.version();
            }
        };

        assertThatThrownBy(() -> EventCodec.withUpcasters(List.of(fromCurrent)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
