package io.dispatch.deploy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One generated request: what is sent, why ({@code label}, the mutation that made it) and what the
 * documents allow as an answer ({@link Expect}). Header values may hold credential placeholders
 * ({@code {key:A}}, {@code {key:A:read}}) that the sender fills from its key pool, so the
 * per-key rate limit never hides an answer. A {@code bend} sends it on a raw socket, bent in a
 * way no HTTP client library would write.
 */
record FuzzRequest(
        int index,
        String route,
        String label,
        String method,
        String target,
        List<Map.Entry<String, String>> headers,
        byte[] body,
        Expect expect,
        FuzzRawBend bend) {

    /** What the documents allow as an answer. */
    enum Expect {
        /** The request is valid and its outcome cannot depend on state: anything but 2xx is a finding. */
        VALID,
        /** The request breaks a documented rule: a 2xx is a finding. */
        INVALID,
        /** Either may be right; only the envelope and the status class are checked. */
        ANY,
        /** For mutations: the request stays as valid as the unmutated one (a value at a documented limit). */
        KEEP
    }

    FuzzRequest {
        headers = List.copyOf(headers);
        body = body == null ? null : body.clone();
    }

    FuzzRequest with(String label, Expect expect) {
        return new FuzzRequest(index, route, label, method, target, headers, body, expect, bend);
    }

    FuzzRequest withHeaders(List<Map.Entry<String, String>> replaced) {
        return new FuzzRequest(index, route, label, method, target, replaced, body, expect, bend);
    }

    FuzzRequest withBody(byte[] replaced) {
        return new FuzzRequest(index, route, label, method, target, headers, replaced, expect, bend);
    }

    FuzzRequest withTarget(String replaced) {
        return new FuzzRequest(index, route, label, method, replaced, headers, body, expect, bend);
    }

    FuzzRequest withMethod(String replaced) {
        return new FuzzRequest(index, route, label, replaced, target, headers, body, expect, bend);
    }

    FuzzRequest bent(FuzzRawBend replaced) {
        return new FuzzRequest(index, route, label, method, target, headers, body, expect, replaced);
    }

    FuzzRequest numbered(int replaced) {
        return new FuzzRequest(replaced, route, label, method, target, headers, body, expect, bend);
    }

    String header(String name) {
        return headers.stream()
                .filter(h -> h.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(null);
    }

    /** The headers without any named {@code name}, then {@code name: value} when value is not null. */
    List<Map.Entry<String, String>> headersWith(String name, String value) {
        List<Map.Entry<String, String>> replaced = new ArrayList<>();
        headers.stream().filter(h -> !h.getKey().equalsIgnoreCase(name)).forEach(replaced::add);
        if (value != null) {
            replaced.add(Map.entry(name, value));
        }
        return replaced;
    }

    int bodyLength() {
        return body == null ? 0 : body.length;
    }

    /** The request as a reader can retype it: long bodies and values are shortened with their length. */
    String describe() {
        StringBuilder out = new StringBuilder();
        out.append('#')
                .append(index)
                .append(' ')
                .append(label)
                .append(" [expect ")
                .append(expect)
                .append("]\n");
        if (bend != null) {
            byte[] sent = bend.build(method, target, headers, body, "127.0.0.1:<port>");
            out.append("  raw socket (")
                    .append(bend.describe())
                    .append("), ")
                    .append(sent.length)
                    .append(" bytes:\n  ")
                    .append(shorten(bytes(sent), 900).replace("\\r\\n", "\\r\\n\n  "))
                    .append('\n');
            return out.toString();
        }
        out.append("  ").append(method).append(' ').append(shorten(target, 300)).append('\n');
        headers.forEach(h -> out.append("  ")
                .append(h.getKey())
                .append(": ")
                .append(shorten(visible(h.getValue()), 200))
                .append('\n'));
        if (body != null) {
            out.append("  body (")
                    .append(body.length)
                    .append(" bytes): ")
                    .append(shorten(bytes(body), 600))
                    .append('\n');
        }
        return out.toString();
    }

    static String shorten(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        return text.substring(0, max) + "…(" + text.length() + " chars in all)";
    }

    /**
     * Bytes as text a reader can retype: UTF-8 shown as characters (escaped as below), anything
     * that is not UTF-8 byte by byte, non-ASCII bytes as {@code \\xHH}.
     */
    static String bytes(byte[] bytes) {
        try {
            return visible(StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString());
        } catch (java.nio.charset.CharacterCodingException notUtf8) {
            StringBuilder out = new StringBuilder("(not UTF-8) ");
            for (byte b : bytes) {
                int c = b & 0xff;
                out.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02X", c));
            }
            return out.toString();
        }
    }

    /** Control characters and non-ASCII shown as escapes, so a reproduction can be retyped. */
    static String visible(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return out.toString();
    }
}
