package io.dispatch.command.dispatch.web;

import io.dispatch.web.error.ApiException;
import org.springframework.core.codec.DecodingException;
import org.springframework.web.server.ServerWebInputException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A bulk body ({@code {"orders": [...]}}) read as a stream: each order becomes a tree as it is
 * reached, and reading stops at the 501st, so the memory a body costs is bounded by 500 orders,
 * never by its length (decisions.md §13: 4 MiB of {@code {},} is about 1.4 million orders).
 * Other top-level fields are skipped unread into objects, as the body's unknown fields are
 * ignored. What is not an object holding an orders array is returned whole for the body's
 * validator to name, within the JSON limits of every body ({@code RequestJsonLimits}).
 */
final class BulkBody {

    private BulkBody() {}

    static JsonNode read(byte[] body, JsonMapper json, int limit) {
        if (body == null || body.length == 0) {
            throw new ServerWebInputException("No request body");
        }
        try (JsonParser parser = json.createParser(body)) {
            JsonNode read = parser.nextToken() == JsonToken.START_OBJECT
                    ? object(parser, json, limit)
                    : (JsonNode) parser.readValueAsTree();
            if (parser.nextToken() != null) {
                throw unreadable(null);
            }
            return read;
        } catch (StreamConstraintsException tooLarge) {
            throw tooLarge; // the answer names the limit (ApiErrorHandler)
        } catch (JacksonException malformed) {
            throw unreadable(malformed);
        }
    }

    private static ObjectNode object(JsonParser parser, JsonMapper json, int limit) {
        ObjectNode root = json.createObjectNode();
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (!name.equals("orders")) {
                parser.skipChildren();
            } else if (value == JsonToken.START_ARRAY) {
                ArrayNode orders = root.putArray("orders");
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    if (orders.size() == limit) {
                        throw ApiException.validation(
                                "orders",
                                "must hold 1 to " + limit + " orders; it holds more (reading stopped at order "
                                        + (limit + 1) + ")");
                    }
                    orders.add((JsonNode) parser.readValueAsTree());
                }
            } else {
                root.set("orders", (JsonNode) parser.readValueAsTree());
            }
        }
        return root;
    }

    /** The answer of a body the JSON decoder could not read, as for every other JSON route. */
    private static ServerWebInputException unreadable(JacksonException cause) {
        return new ServerWebInputException(
                "The body is not valid JSON", null, new DecodingException("JSON decoding error", cause));
    }
}
