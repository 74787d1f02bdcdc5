package io.dispatch.events.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.events.Actor;
import io.dispatch.events.DispatchCancelled;
import io.dispatch.events.DispatchCreated;
import io.dispatch.events.EventEnvelope;
import io.dispatch.events.EventType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EventCodecTest {

    private final EventCodec codec = EventCodec.standard();
    private final ObjectMapper plainJson = new ObjectMapper();

    private ObjectNode encodedTree(EventEnvelope envelope) throws IOException {
        return (ObjectNode) plainJson.readTree(codec.encode(envelope));
    }

    private byte[] bytes(JsonNode tree) throws IOException {
        return plainJson.writeValueAsBytes(tree);
    }

    private static EventEnvelope cancelledAt(Instant occurredAt) {
        return EventEnvelope.of(
                GoldenSamples.eventId(20),
                1,
                new DispatchCancelled(
                        GoldenSamples.DISPATCH,
                        GoldenSamples.MERCHANT,
                        occurredAt,
                        Actor.merchant(GoldenSamples.MERCHANT),
                        null));
    }

    @Test
    void the_standard_codec_is_one_shared_instance() {
        assertThat(EventCodec.standard()).isSameAs(EventCodec.standard());
    }

    @Test
    void the_envelope_fields_come_first_in_a_fixed_order() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CREATED));

        assertThat(root.fieldNames())
                .toIterable()
                .containsExactly(
                        "eventId",
                        "type",
                        "version",
                        "dispatchId",
                        "merchantId",
                        "sequence",
                        "occurredAt",
                        "actor",
                        "data");
    }

    @Test
    void data_does_not_repeat_the_fields_lifted_into_the_envelope() throws IOException {
        for (EventType type : EventType.values()) {
            JsonNode data = encodedTree(GoldenSamples.of(type)).get("data");
            assertThat(data.has("dispatchId") || data.has("merchantId") || data.has("occurredAt") || data.has("actor"))
                    .as("data of %s", type)
                    .isFalse();
        }
    }

    @Test
    void instants_are_truncated_to_milliseconds_on_encode() throws IOException {
        ObjectNode root = encodedTree(cancelledAt(Instant.parse("2026-11-21T10:15:30.123456789Z")));

        assertThat(root.get("occurredAt").textValue()).isEqualTo("2026-11-21T10:15:30.123Z");
    }

    @Test
    void a_whole_second_instant_still_has_three_fraction_digits() throws IOException {
        ObjectNode root = encodedTree(cancelledAt(Instant.parse("2026-11-21T10:15:30Z")));

        assertThat(root.get("occurredAt").textValue()).isEqualTo("2026-11-21T10:15:30.000Z");
    }

    @Test
    void decoding_accepts_an_instant_without_fraction_or_with_an_offset() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
        root.put("occurredAt", "2026-11-21T13:16:02+03:00");

        assertThat(codec.decode(bytes(root)).occurredAt()).isEqualTo(Instant.parse("2026-11-21T10:16:02Z"));
    }

    @Test
    void a_null_component_is_written_as_an_explicit_null() throws IOException {
        JsonNode data = encodedTree(cancelledAt(GoldenSamples.CREATED_AT)).get("data");

        assertThat(data.has("reason")).isTrue();
        assertThat(data.get("reason").isNull()).isTrue();
    }

    @Test
    void unknown_fields_in_the_envelope_and_in_data_are_ignored() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CREATED));
        root.put("traceId", "abc123");
        ((ObjectNode) root.get("data")).put("loyaltyTier", "gold");
        ((ObjectNode) root.get("data").get("pickup")).put("floor", 3);

        assertThat(codec.decode(bytes(root))).isEqualTo(GoldenSamples.of(EventType.DISPATCH_CREATED));
    }

    @Test
    void the_envelope_fields_win_over_copies_found_in_data() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
        ((ObjectNode) root.get("data")).put("dispatchId", "00000000-0000-4000-8000-000000000000");

        assertThat(codec.decode(bytes(root)).event().dispatchId()).isEqualTo(GoldenSamples.DISPATCH);
    }

    @Test
    void an_unknown_type_is_reported_as_such_so_consumers_can_skip_it() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
        root.put("type", "dispatch.teleported");

        assertThatThrownBy(() -> codec.decode(bytes(root)))
                .isInstanceOf(UnknownEventTypeException.class)
                .isInstanceOf(EventDecodingException.class)
                .satisfies(
                        e -> assertThat(((UnknownEventTypeException) e).type()).isEqualTo("dispatch.teleported"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"type\":", "not json", "[1,2]", "\"dispatch.created\"", ""})
    void bytes_that_are_not_a_json_object_fail_to_decode(String text) {
        assertThatThrownBy(() -> codec.decode(text.getBytes(StandardCharsets.UTF_8)))
                .isExactlyInstanceOf(EventDecodingException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"type", "eventId", "version", "sequence", "data"})
    void an_envelope_missing_a_required_field_fails_to_decode(String field) throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
        root.remove(field);

        assertThatThrownBy(() -> codec.decode(bytes(root))).isExactlyInstanceOf(EventDecodingException.class);
    }

    @Test
    void data_of_the_wrong_shape_fails_to_decode() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_FAILED));
        ((ObjectNode) root.get("data")).put("reasonCode", "ABDUCTED_BY_ALIENS");

        assertThatThrownBy(() -> codec.decode(bytes(root))).isExactlyInstanceOf(EventDecodingException.class);
    }

    @Test
    void a_malformed_event_id_fails_to_decode() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
        root.put("eventId", "evt-1");

        assertThatThrownBy(() -> codec.decode(bytes(root))).isExactlyInstanceOf(EventDecodingException.class);
    }

    @Test
    void a_version_newer_than_the_code_fails_to_decode() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
        root.put("version", 2);

        assertThatThrownBy(() -> codec.decode(bytes(root)))
                .isExactlyInstanceOf(EventDecodingException.class)
                .hasMessageContaining("newer");
    }

    @Test
    void an_older_version_without_an_upcaster_fails_to_decode() throws IOException {
        ObjectNode root = encodedTree(GoldenSamples.of(EventType.DISPATCH_CANCELLED));
        root.put("version", 0);

        assertThatThrownBy(() -> codec.decode(bytes(root)))
                .isExactlyInstanceOf(EventDecodingException.class)
                .hasMessageContaining("no upcaster");
    }

    @Test
    void an_envelope_that_disagrees_with_its_event_is_refused_on_encode() {
        EventEnvelope sample = GoldenSamples.of(EventType.DISPATCH_CREATED);
        DispatchCreated event = (DispatchCreated) sample.event();
        EventEnvelope wrongType = new EventEnvelope(
                sample.eventId(),
                "dispatch.cancelled",
                1,
                event.dispatchId(),
                event.merchantId(),
                0,
                event.occurredAt(),
                event.actor(),
                event);
        EventEnvelope wrongMerchant = new EventEnvelope(
                sample.eventId(),
                "dispatch.created",
                EventType.DISPATCH_CREATED.version(),
                event.dispatchId(),
                GoldenSamples.RIDER,
                0,
                event.occurredAt(),
                event.actor(),
                event);

        assertThatThrownBy(() -> codec.encode(wrongType)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.encode(wrongMerchant)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void one_codec_encodes_and_decodes_from_many_threads_at_once() {
        List<CompletableFuture<Boolean>> roundTrips = IntStream.range(0, 200)
                .mapToObj(i -> EventType.values()[i % EventType.values().length])
                .map(type -> CompletableFuture.supplyAsync(
                        () -> codec.decode(codec.encode(GoldenSamples.of(type))).equals(GoldenSamples.of(type))))
                .toList();

        assertThat(roundTrips)
                .allSatisfy(roundTrip -> assertThat(roundTrip.join()).isTrue());
    }
}
