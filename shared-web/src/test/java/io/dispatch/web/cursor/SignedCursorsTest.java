package io.dispatch.web.cursor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SignedCursorsTest {

    private final SignedCursors cursors = new SignedCursors("a key".getBytes(StandardCharsets.UTF_8));
    private final UUID merchant = UUID.randomUUID();

    @Test
    void a_cursor_comes_back_as_its_text_for_its_merchant_only() {
        String cursor = cursors.encode(merchant, "v1|42|x");
        assertThat(cursors.decode(merchant, cursor)).hasValue("v1|42|x");
        assertThat(cursors.decode(UUID.randomUUID(), cursor)).isEmpty();
        assertThat(new SignedCursors("another key".getBytes(StandardCharsets.UTF_8)).decode(merchant, cursor))
                .isEmpty();
    }

    @Test
    void an_altered_cut_or_malformed_cursor_is_refused() {
        String cursor = cursors.encode(merchant, "v1|42|x");
        byte[] bytes = Base64.getUrlDecoder().decode(cursor);
        bytes[3] ^= 1;
        assertThat(cursors.decode(
                        merchant, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)))
                .isEmpty();
        assertThat(cursors.decode(merchant, cursor.substring(0, cursor.length() - 2)))
                .isEmpty();
        assertThat(cursors.decode(merchant, "not base64 !")).isEmpty();
        assertThat(cursors.decode(merchant, "")).isEmpty();
    }
}
