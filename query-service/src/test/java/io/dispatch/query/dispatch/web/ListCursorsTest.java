package io.dispatch.query.dispatch.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.dispatch.events.DispatchStatus;
import io.dispatch.events.Source;
import io.dispatch.query.dispatch.DispatchRows.ListPosition;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The list cursor alone: what it carries survives the trip, and nothing else passes as one. */
class ListCursorsTest {

    private static final UUID MERCHANT = UUID.fromString("7f0c1a4e-0000-4000-8000-000000000001");
    private static final ListPosition POSITION = new ListPosition(
            Instant.parse("2026-11-21T10:00:00.123456Z"), UUID.fromString("00000000-0000-4000-8000-0000000000aa"));

    private final ListCursors cursors = new ListCursors("secret");

    @Test
    void a_cursor_round_trips_with_microsecond_precision_and_its_filters() {
        var cursor = new ListCursors.Cursor(POSITION, DispatchStatus.IN_TRANSIT, Source.SHOPIFY);

        String encoded = cursors.encode(MERCHANT, cursor);

        assertThat(encoded).matches("[A-Za-z0-9_-]+");
        assertThat(cursors.decode(MERCHANT, encoded)).contains(cursor);
        var unfiltered = new ListCursors.Cursor(POSITION, null, null);
        assertThat(cursors.decode(MERCHANT, cursors.encode(MERCHANT, unfiltered)))
                .contains(unfiltered);
    }

    @Test
    void a_cursor_is_refused_when_altered_presented_by_another_merchant_or_signed_with_another_secret() {
        String encoded = cursors.encode(MERCHANT, new ListCursors.Cursor(POSITION, null, null));
        String payload = new String(Base64.getUrlDecoder().decode(encoded), StandardCharsets.ISO_8859_1);
        String earlier = payload.replace("123456|", "123455|");
        String altered =
                Base64.getUrlEncoder().withoutPadding().encodeToString(earlier.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(altered).isNotEqualTo(encoded);
        assertThat(cursors.decode(MERCHANT, altered)).isEmpty();
        assertThat(cursors.decode(UUID.randomUUID(), encoded)).isEmpty();
        assertThat(new ListCursors("other").decode(MERCHANT, encoded)).isEmpty();
        assertThat(new ListCursors("").decode(MERCHANT, encoded)).isEmpty();
    }

    @Test
    void text_that_is_no_cursor_is_refused() {
        for (String text : new String[] {"", "a", "not a cursor", "%%%", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}) {
            assertThat(cursors.decode(MERCHANT, text)).as(text).isEmpty();
        }
    }
}
