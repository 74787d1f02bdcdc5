package io.dispatch.web.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What makes two requests "the same" for an Idempotency-Key: SHA-256 over the method, the raw
 * path, the raw query string exactly as received (parameter order and percent-encoding count)
 * and the body. A JSON body is canonicalised first (object keys sorted at every depth, no
 * white space, numbers compared by value), so key order and formatting do not matter; any
 * other body (empty, or not valid JSON) is taken byte for byte.
 */
public final class RequestFingerprint {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonNodeFeature.WRITE_PROPERTIES_SORTED)
            .enable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private RequestFingerprint() {}

    public static byte[] of(String method, String rawPath, String rawQuery, byte[] body) {
        MessageDigest sha256 = sha256();
        String head = method + "\n" + rawPath + "\n" + (rawQuery == null ? "" : rawQuery) + "\n";
        sha256.update(head.getBytes(StandardCharsets.UTF_8));
        byte[] canonical = canonicalJson(body);
        if (canonical != null) {
            sha256.update((byte) 'J');
            sha256.update(canonical);
        } else {
            sha256.update((byte) 'R');
            sha256.update(body);
        }
        return sha256.digest();
    }

    /** The canonical form of a JSON document, or null when the bytes are not one. */
    static byte[] canonicalJson(byte[] body) {
        if (body.length == 0) {
            return null;
        }
        try {
            JsonNode tree = JSON.readTree(body);
            return tree == null || tree.isMissingNode() ? null : JSON.writeValueAsBytes(tree);
        } catch (JacksonException notJson) {
            return null;
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
