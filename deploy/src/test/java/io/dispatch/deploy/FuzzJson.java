package io.dispatch.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * JSON as the fuzzer writes it. Its own writer, because the interesting bodies are the ones a
 * library will not write: a lone surrogate as {@code "\ud800"}, a number such as {@code 1e400}
 * or {@code 123456789012345678901234567890} kept exactly as typed (a {@link RawValue} in a
 * {@link POJONode}), and paths into a body ({@code pickup.lat}, {@code orders[3].customerName}).
 */
final class FuzzJson {

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    private FuzzJson() {}

    /** A number node written exactly as {@code text} (which need not be valid JSON). */
    static JsonNode raw(String text) {
        return new POJONode(new RawValue(text));
    }

    /** The text of a raw node, else null. */
    static String rawText(JsonNode node) {
        return node instanceof POJONode pojo && pojo.getPojo() instanceof RawValue raw
                ? raw.rawValue().toString()
                : null;
    }

    /** The value of a raw node when it is a JSON number, else null. */
    static BigDecimal rawNumber(JsonNode node) {
        String text = rawText(node);
        return text != null && JSON_NUMBER.matcher(text).matches() ? new BigDecimal(text) : null;
    }

    /** Writes the node; with {@code ascii} every non-ASCII character is a {@code \\uXXXX} escape. */
    static String write(JsonNode node, boolean ascii) {
        StringBuilder out = new StringBuilder();
        write(node, ascii, out);
        return out.toString();
    }

    private static void write(JsonNode node, boolean ascii, StringBuilder out) {
        String raw = rawText(node);
        if (raw != null) {
            out.append(raw);
        } else if (node.isObject()) {
            out.append('{');
            var fields = node.fields();
            while (fields.hasNext()) {
                var field = fields.next();
                string(field.getKey(), ascii, out);
                out.append(':');
                write(field.getValue(), ascii, out);
                if (fields.hasNext()) {
                    out.append(',');
                }
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(node.get(i), ascii, out);
            }
            out.append(']');
        } else if (node.isTextual()) {
            string(node.textValue(), ascii, out);
        } else {
            out.append(node.toString());
        }
    }

    static void string(String text, boolean ascii, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || (ascii && c > 0x7e) || Character.isSurrogate(c)) {
                // a lone surrogate has no UTF-8 form: written as an escape it is what a client sends
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    /** A path into a body: field names and array indexes. */
    static List<Object> path(String dotted) {
        List<Object> parts = new ArrayList<>();
        for (String part : dotted.split("\\.")) {
            int bracket = part.indexOf('[');
            if (bracket < 0) {
                parts.add(part);
            } else {
                parts.add(part.substring(0, bracket));
                parts.add(Integer.parseInt(part.substring(bracket + 1, part.length() - 1)));
            }
        }
        return parts;
    }

    /** The node at {@code path}, or null. */
    static JsonNode get(JsonNode root, List<Object> path) {
        JsonNode at = root;
        for (Object part : path) {
            if (at == null) {
                return null;
            }
            at = part instanceof Integer i
                    ? (at.isArray() ? at.get(i) : null)
                    : (at.isObject() ? at.get((String) part) : null);
        }
        return at;
    }

    /** Sets (or, with null, removes) the value at {@code path}; parents that are missing are created. */
    static void set(JsonNode root, List<Object> path, JsonNode value) {
        JsonNode parent = root;
        for (int i = 0; i < path.size() - 1; i++) {
            Object part = path.get(i);
            JsonNode next = part instanceof Integer index ? parent.get(index) : parent.get((String) part);
            if (next == null || !next.isContainerNode()) {
                next = path.get(i + 1) instanceof Integer ? NODES.arrayNode() : NODES.objectNode();
                if (part instanceof Integer index) {
                    ((ArrayNode) parent).set(index, next);
                } else {
                    ((ObjectNode) parent).set((String) part, next);
                }
            }
            parent = next;
        }
        Object last = path.getLast();
        if (last instanceof Integer index) {
            if (value == null) {
                ((ArrayNode) parent).remove(index);
            } else {
                ((ArrayNode) parent).set(index, value);
            }
        } else if (value == null) {
            ((ObjectNode) parent).remove((String) last);
        } else {
            ((ObjectNode) parent).set((String) last, value);
        }
    }
}
