package io.dispatch.webhook.feed;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code data} member of a webhook body {@code {"event": ..., "data": ...}}, cut out of the
 * stored bytes as they are: the feed embeds it unparsed, so a merchant gets the very bytes its
 * endpoint got (and signed) in the webhook.
 */
final class RawData {

    private static final JsonFactory JSON = new JsonFactory();

    private RawData() {}

    /** The bytes of the top-level {@code data} value. */
    static byte[] of(byte[] body) {
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalStateException("A webhook body is a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                boolean data = parser.currentName().equals("data");
                JsonToken value = parser.nextToken();
                long start = parser.currentTokenLocation().getByteOffset();
                parser.skipChildren();
                if (data) {
                    long end = parser.currentLocation().getByteOffset();
                    return Arrays.copyOfRange(body, Math.toIntExact(start), Math.toIntExact(end));
                }
                if (value == null) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("A stored webhook body is not JSON", e);
        }
        throw new IllegalStateException("A stored webhook body has no data");
    }

    static String text(byte[] body) {
        return new String(of(body), StandardCharsets.UTF_8);
    }
}
