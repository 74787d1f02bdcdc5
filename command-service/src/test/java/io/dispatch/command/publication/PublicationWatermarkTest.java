package io.dispatch.command.publication;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.ReplayToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

/** The publisher's token, as Axon's Jackson serializer stores it, read back by the watermark. */
class PublicationWatermarkTest {

    private final JacksonSerializer axon = JacksonSerializer.defaultSerializer();
    private final ObjectMapper json = new ObjectMapper();

    private JsonNode stored(TrackingToken token) throws Exception {
        return json.readTree(axon.serialize(token, byte[].class).getData());
    }

    @Test
    void an_event_is_published_once_the_token_has_passed_its_index_and_it_is_no_gap() throws Exception {
        JsonNode token = stored(GapAwareTrackingToken.newInstance(10, List.of(7L)));
        assertThat(PublicationWatermark.covers(List.of(token), 10)).isTrue();
        assertThat(PublicationWatermark.covers(List.of(token), 9)).isTrue();
        assertThat(PublicationWatermark.covers(List.of(token), 7))
                .as("a gap is not published yet")
                .isFalse();
        assertThat(PublicationWatermark.covers(List.of(token), 11)).isFalse();
    }

    @Test
    void every_segment_must_have_passed_and_no_token_means_nothing_is_published() throws Exception {
        JsonNode ahead = stored(GapAwareTrackingToken.newInstance(20, List.of()));
        JsonNode behind = stored(GapAwareTrackingToken.newInstance(5, List.of()));
        assertThat(PublicationWatermark.covers(List.of(ahead, behind), 10)).isFalse();
        assertThat(PublicationWatermark.covers(List.of(), 1)).isFalse();
        assertThat(PublicationWatermark.covers(Arrays.asList((JsonNode) null), 1))
                .isFalse();
    }

    @Test
    void a_replaying_token_counts_by_its_current_position() throws Exception {
        TrackingToken replay = ReplayToken.createReplayToken(
                GapAwareTrackingToken.newInstance(30, List.of()), GapAwareTrackingToken.newInstance(12, List.of()));
        JsonNode token = stored(replay);
        assertThat(PublicationWatermark.covers(List.of(token), 12)).isTrue();
        assertThat(PublicationWatermark.covers(List.of(token), 13)).isFalse();
    }
}
