package io.dispatch.idempotency;

import io.dispatch.web.json.RequestJsonLimits;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * What makes two requests "the same" for an Idempotency-Key: SHA-256 over the method, the raw
 * path, the raw query string exactly as received (parameter order and percent-encoding count)
 * and the body. A JSON body counts by its content (decisions.md §1): object keys in any order, any
 * white space, numbers by value ({@code -1.2800} is {@code -1.28}); any other body (empty, not
 * valid JSON, or past the JSON limits of every body) is taken byte for byte.
 *
 * <p>The JSON form is a digest computed while the body streams past (each value's digest from its
 * children's, an object's from its members sorted by name), never a tree: a body costs the memory
 * of its deepest open objects' member names, not a node per value (decisions.md §13).
 */
public final class RequestFingerprint {

    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(RequestJsonLimits.CONSTRAINTS)
            .build();

    private RequestFingerprint() {}

    public static byte[] of(String method, String rawPath, String rawQuery, byte[] body) {
        MessageDigest sha256 = sha256();
        String head = method + "\n" + rawPath + "\n" + (rawQuery == null ? "" : rawQuery) + "\n";
        sha256.update(head.getBytes(StandardCharsets.UTF_8));
        byte[] content = jsonDigest(body);
        if (content != null) {
            sha256.update((byte) 'J');
            sha256.update(content);
        } else {
            sha256.update((byte) 'R');
            sha256.update(body);
        }
        return sha256.digest();
    }

    /** The digest of a JSON document's content, or null when the bytes are not one. */
    static byte[] jsonDigest(byte[] body) {
        if (body.length == 0) {
            return null;
        }
        try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), body)) {
            Deque<Container> open = new ArrayDeque<>();
            byte[] root = null;
            JsonToken token;
            while (root == null && (token = parser.nextToken()) != null) {
                byte[] done = switch (token) {
                    case START_OBJECT -> {
                        open.push(new Container(true));
                        yield null;
                    }
                    case START_ARRAY -> {
                        open.push(new Container(false));
                        yield null;
                    }
                    case PROPERTY_NAME -> {
                        open.peek().name = parser.currentName();
                        yield null;
                    }
                    case END_OBJECT, END_ARRAY -> open.pop().digest();
                    case VALUE_STRING -> scalar('s', parser.getString());
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT ->
                        scalar(
                                'n',
                                new BigDecimal(parser.getText())
                                        .stripTrailingZeros()
                                        .toString());
                    case VALUE_TRUE -> scalar('t', "");
                    case VALUE_FALSE -> scalar('f', "");
                    case VALUE_NULL -> scalar('z', "");
                    default -> throw new IllegalStateException("Unexpected JSON token " + token);
                };
                if (done != null) {
                    if (open.isEmpty()) {
                        root = done;
                    } else {
                        open.peek().add(done);
                    }
                }
            }
            return root != null && parser.nextToken() == null ? root : null;
        } catch (JacksonException | NumberFormatException | IllegalStateException notJson) {
            return null;
        }
    }

    /** An object or array being read: an array's digest grows with each element, an object keeps its members. */
    private static final class Container {

        private final boolean object;
        private final MessageDigest elements;
        private final Map<String, byte[]> members;
        private String name;

        Container(boolean object) {
            this.object = object;
            this.elements = object ? null : sha256();
            this.members = object ? new TreeMap<>() : null;
            if (!object) {
                elements.update((byte) 'a');
            }
        }

        void add(byte[] value) {
            if (object) {
                members.put(name, value); // a repeated name: the last one counts, as when the body is read
            } else {
                elements.update(value);
            }
        }

        byte[] digest() {
            if (!object) {
                return elements.digest();
            }
            MessageDigest digest = sha256();
            digest.update((byte) 'o');
            members.forEach((key, value) -> {
                byte[] name = key.getBytes(StandardCharsets.UTF_8);
                digest.update(lengthOf(name));
                digest.update(name);
                digest.update(value);
            });
            return digest.digest();
        }
    }

    private static byte[] scalar(char type, String text) {
        MessageDigest digest = sha256();
        digest.update((byte) type);
        digest.update(text.getBytes(StandardCharsets.UTF_8));
        return digest.digest();
    }

    private static byte[] lengthOf(byte[] bytes) {
        int n = bytes.length;
        return new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n};
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
