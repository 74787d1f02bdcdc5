package io.dispatch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestFingerprintTest {

    private static byte[] fingerprint(String method, String path, String query, String body) {
        return RequestFingerprint.of(method, path, query, body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void key_order_and_white_space_of_a_json_body_do_not_matter_at_any_depth() {
        byte[] compact =
                fingerprint("POST", "/d", null, "{\"a\":1,\"b\":{\"x\":[1,{\"p\":true,\"q\":null}],\"y\":\"s\"}}");
        byte[] reordered = fingerprint(
                "POST",
                "/d",
                null,
                "{\n  \"b\" : { \"y\" : \"s\", \"x\" : [ 1 , { \"q\": null, \"p\": true } ] },\n  \"a\" : 1\n}");
        assertThat(reordered).isEqualTo(compact);
    }

    @Test
    void array_order_and_values_do_matter() {
        assertThat(fingerprint("POST", "/d", null, "{\"a\":[1,2]}"))
                .isNotEqualTo(fingerprint("POST", "/d", null, "{\"a\":[2,1]}"));
        assertThat(fingerprint("POST", "/d", null, "{\"amountCents\":100}"))
                .isNotEqualTo(fingerprint("POST", "/d", null, "{\"amountCents\":101}"));
        assertThat(fingerprint("POST", "/d", null, "{\"a\":\"1\"}"))
                .isNotEqualTo(fingerprint("POST", "/d", null, "{\"a\":1}"));
    }

    @Test
    void numbers_are_compared_by_value() {
        assertThat(fingerprint("POST", "/d", null, "{\"lat\":-1.2800}"))
                .isEqualTo(fingerprint("POST", "/d", null, "{\"lat\":-1.28}"));
    }

    @Test
    void method_path_and_query_are_part_of_it() {
        byte[] base = fingerprint("GET", "/d", "status=NEW", "");
        assertThat(fingerprint("POST", "/d", "status=NEW", "")).isNotEqualTo(base);
        assertThat(fingerprint("GET", "/e", "status=NEW", "")).isNotEqualTo(base);
        assertThat(fingerprint("GET", "/d", "status=CANCELLED", "")).isNotEqualTo(base);
        assertThat(fingerprint("GET", "/d", null, "")).isNotEqualTo(base);
        assertThat(fingerprint("GET", "/d", "status=NEW", "")).isEqualTo(base);
    }

    @Test
    void a_body_that_is_not_json_is_taken_byte_for_byte() {
        assertThat(RequestFingerprint.jsonDigest("{\"a\":".getBytes(StandardCharsets.UTF_8)))
                .isNull();
        assertThat(RequestFingerprint.jsonDigest("{\"a\":1} trailing".getBytes(StandardCharsets.UTF_8)))
                .isNull();
        assertThat(fingerprint("POST", "/d", null, "{\"a\":"))
                .isEqualTo(fingerprint("POST", "/d", null, "{\"a\":"))
                .isNotEqualTo(fingerprint("POST", "/d", null, "{ \"a\":"));
    }

    @Test
    void a_json_document_is_not_confused_with_raw_bytes_that_spell_its_canonical_form() {
        // "1" is JSON (canonical "1"); the fingerprint marks which form was hashed
        assertThat(RequestFingerprint.jsonDigest("1".getBytes(StandardCharsets.UTF_8)))
                .isNotNull();
        assertThat(fingerprint("POST", "/d", null, " 1 ")).isEqualTo(fingerprint("POST", "/d", null, "1"));
        assertThat(fingerprint("POST", "/d", null, "")).isNotEqualTo(fingerprint("POST", "/d", null, "1"));
    }
}
