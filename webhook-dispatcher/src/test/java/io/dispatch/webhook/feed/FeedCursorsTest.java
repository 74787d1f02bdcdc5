package io.dispatch.webhook.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The feed cursor alone: what it carries survives the trip, and nothing else passes as one. */
class FeedCursorsTest {

    private static final UUID MERCHANT = UUID.fromString("7f0c1a4e-0000-4000-8000-000000000001");
    private static final String KEY = "c2VjcmV0LWtleS1vZi0zMi1ieXRlcy0tLS0tLS0tLS0=";
    private static final FeedPosition POSITION = new FeedPosition(7_412_345_678L, 120_345L);

    private final FeedCursors cursors = new FeedCursors("", KEY);

    @Test
    void a_cursor_round_trips_its_position() {
        String encoded = cursors.encode(MERCHANT, POSITION);

        assertThat(encoded).matches("[A-Za-z0-9_-]+");
        assertThat(cursors.decode(MERCHANT, encoded)).contains(POSITION);
        assertThat(cursors.decode(MERCHANT, cursors.encode(MERCHANT, FeedPosition.START)))
                .contains(FeedPosition.START);
    }

    @Test
    void a_cursor_is_refused_when_altered_presented_by_another_merchant_or_signed_with_another_key() {
        String encoded = cursors.encode(MERCHANT, POSITION);
        String payload = new String(Base64.getUrlDecoder().decode(encoded), StandardCharsets.ISO_8859_1);
        String earlier = payload.replace("|120345", "|120344");
        String altered =
                Base64.getUrlEncoder().withoutPadding().encodeToString(earlier.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(altered).isNotEqualTo(encoded);
        assertThat(cursors.decode(MERCHANT, altered)).isEmpty();
        assertThat(cursors.decode(UUID.randomUUID(), encoded)).isEmpty();
        assertThat(new FeedCursors("", "b3RoZXIta2V5").decode(MERCHANT, encoded))
                .isEmpty();
        assertThat(new FeedCursors("a configured secret", KEY).decode(MERCHANT, encoded))
                .isEmpty();
    }

    @Test
    void a_configured_secret_is_used_instead_of_the_derived_key_on_every_instance() {
        FeedCursors one = new FeedCursors("shared", KEY);
        FeedCursors other = new FeedCursors("shared", "b3RoZXIta2V5");

        assertThat(other.decode(MERCHANT, one.encode(MERCHANT, POSITION))).contains(POSITION);
    }

    @Test
    void without_any_key_the_cursors_do_not_start() {
        assertThatThrownBy(() -> new FeedCursors("", "")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void text_that_is_no_cursor_is_refused() {
        for (String text : new String[] {
            "",
            "a",
            "not a cursor",
            "%%%",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            cursors.encode(MERCHANT, POSITION) + "A"
        }) {
            assertThat(cursors.decode(MERCHANT, text)).as(text).isEmpty();
        }
    }
}
