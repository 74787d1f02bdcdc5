package io.dispatch.events.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.DispatchOrder;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import java.io.IOException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** dispatch.created v1 to v2: the targets in seconds come from v1's own times, as a v2 writer counts them. */
class DispatchCreatedServiceTargetsTest {

    private static final Instant CREATED = Instant.parse("2026-11-21T10:15:30.123Z");

    private final EventCodec codec = EventCodec.standard();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void the_targets_are_the_whole_seconds_from_creation_to_the_target_times() {
        DispatchCreated event = decodeV1("2026-11-21T10:45:30.122Z", "2026-11-22T10:15:30.123Z");

        assertThat(event.targetPickupSeconds()).isEqualTo(1799);
        assertThat(event.targetDeliverySeconds()).isEqualTo(86_400);
    }

    @Test
    void a_target_time_at_the_ends_of_the_time_line_counts_without_overflow() {
        // a merchant may write any year; a millisecond count of this window would not fit a long
        assertThat(DispatchCreated.secondsFromCreation(CREATED, Instant.parse("-999999999-01-01T00:00:00Z")))
                .isEqualTo(java.time.Duration.between(CREATED, Instant.parse("-999999999-01-01T00:00:00Z"))
                        .getSeconds());
        assertThat(DispatchCreated.secondsFromCreation(CREATED, Instant.parse("+999999999-12-31T23:59:59.999Z")))
                .isPositive();
        assertThat(DispatchCreated.secondsFromCreation(CREATED, CREATED.minusMillis(1)))
                .isEqualTo(-1L);
    }

    @Test
    void a_missing_or_null_target_time_gives_a_null_target() {
        DispatchCreated event = decodeV1(null, "2026-11-21T11:15:30.123Z");

        assertThat(event.targetPickupSeconds()).isNull();
        assertThat(event.targetDeliverySeconds()).isEqualTo(3600);
    }

    @Test
    void the_v1_constructor_and_the_upcaster_count_the_same_seconds() {
        Instant pickupBy = Instant.parse("2026-11-21T10:45:30.9999Z");
        DispatchCreated written = new DispatchCreated(
                GoldenSamples.DISPATCH,
                GoldenSamples.MERCHANT,
                CREATED,
                null,
                new DispatchOrder(null, "c", "p", null, null, null, 0, "KES", pickupBy, null),
                0,
                DispatchCreated.secondsFromCreation(CREATED, pickupBy),
                null,
                null,
                null,
                null,
                null,
                null);

        assertThat(written.targetPickupSeconds())
                .isEqualTo(decodeV1("2026-11-21T10:45:30.999Z", null).targetPickupSeconds());
    }

    @Test
    void a_v1_target_time_that_is_not_an_instant_fails_to_decode() throws IOException {
        ObjectNode root = v1Root();
        ((ObjectNode) root.get("data")).put("targetPickupAt", "half past ten");

        assertThatThrownBy(() -> codec.decode(json.writeValueAsBytes(root)))
                .isExactlyInstanceOf(EventDecodingException.class)
                .hasMessageContaining("targetPickupAt");
    }

    @Test
    void a_v1_with_target_times_but_no_creation_time_fails_to_decode() throws IOException {
        ObjectNode root = v1Root();
        root.remove("occurredAt");

        assertThatThrownBy(() -> codec.decode(json.writeValueAsBytes(root)))
                .isExactlyInstanceOf(EventDecodingException.class);
    }

    private DispatchCreated decodeV1(String pickupBy, String deliverBy) {
        ObjectNode root = v1Root();
        ObjectNode data = (ObjectNode) root.get("data");
        if (pickupBy == null) {
            data.remove("targetPickupAt");
        } else {
            data.put("targetPickupAt", pickupBy);
        }
        data.put("targetDeliveryAt", deliverBy);
        try {
            EventEnvelope envelope = codec.decode(json.writeValueAsBytes(root));
            assertThat(envelope.version()).isEqualTo(EventType.DISPATCH_CREATED.version());
            return (DispatchCreated) envelope.event();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The v1 golden creation: a v1 writer never wrote the seconds. */
    private ObjectNode v1Root() {
        try (var in = getClass().getResourceAsStream("/golden/dispatch.created.v1.json")) {
            ObjectNode root = (ObjectNode) json.readTree(in);
            assertThat(root.get("data").has("targetPickupSeconds")).isFalse();
            return root;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
