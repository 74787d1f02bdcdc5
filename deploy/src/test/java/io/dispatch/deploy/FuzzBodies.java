package io.dispatch.deploy;

import static io.dispatch.deploy.FuzzJson.NODES;
import static io.dispatch.deploy.FuzzValues.pick;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dispatch.deploy.FuzzOracle.Verdict;
import io.dispatch.deploy.FuzzRequest.Expect;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * JSON bodies from a schema: a valid one (from the schema and a table of good values by field
 * name), then one mutation of it: a field removed, nulled, of the wrong type, at or just past a
 * documented limit, or replaced by a hostile string or number; the text made malformed, nested
 * deep, padded to the size limits; bytes that are not UTF-8. {@link FuzzOracle} says what the
 * documents make of the result.
 */
final class FuzzBodies {

    record BodyCase(String label, byte[] body, Expect expect) {}

    /** The JSON limits of every body (decisions.md §13; RequestJsonLimits, docs/merchant-api.md). */
    static final int MAX_DEPTH = 32;

    static final int MAX_VALUES = 100_000;

    /** A field of a body: its path ({@code pickup.lat}, {@code orders[0].customerPhone}) and schema. */
    record Field(String path, JsonNode schema) {}

    static final int BODY_LIMIT = 4 * 1024 * 1024;
    private static final List<Integer> SIZES = List.of(262_143, 262_144, 262_145, BODY_LIMIT, BODY_LIMIT + 1);
    private static final List<byte[]> BAD_UTF8 = List.of(
            new byte[] {(byte) 0xC3, 0x28},
            new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            new byte[] {(byte) 0xC0, (byte) 0xAF},
            new byte[] {(byte) 0xFF},
            new byte[] {(byte) 0xE2, (byte) 0x82},
            new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            new byte[] {(byte) 0xE9});
    private static final String MARK = "ZQXMARKZQX";

    private final Map<String, Supplier<JsonNode>> good;
    private final FuzzBoundaries boundaries = new FuzzBoundaries();

    /** @param good valid values by field name, for what a schema cannot make up (a rider id, a URL) */
    FuzzBodies(Map<String, Supplier<JsonNode>> good) {
        this.good = good;
    }

    /** A valid value of the schema: every property present. */
    JsonNode valid(JsonNode schema, String name) {
        if (good.containsKey(name)) {
            return good.get(name).get();
        }
        if (schema == null) {
            return NODES.objectNode();
        }
        JsonNode type = schema.path("type");
        String kind = type.isArray() ? type.get(0).asText() : type.asText(schema.has("properties") ? "object" : "");
        return switch (kind) {
            case "object" -> {
                ObjectNode object = NODES.objectNode();
                schema.path("properties")
                        .fields()
                        .forEachRemaining(p -> object.set(p.getKey(), valid(p.getValue(), p.getKey())));
                yield object;
            }
            case "array" -> NODES.arrayNode().add(valid(schema.get("items"), name + "[]"));
            case "string" ->
                NODES.textNode(
                        schema.has("enum")
                                ? schema.get("enum").get(0).asText()
                                : schema.path("format").asText().equals("date-time")
                                        ? "2030-11-21T10:00:00Z"
                                        : schema.has("example")
                                                ? schema.get("example").asText()
                                                : "fuzz");
            case "integer" ->
                NODES.numberNode(schema.has("minimum") ? schema.get("minimum").asLong() : 1);
            case "number" ->
                NODES.numberNode(
                        schema.has("minimum") && schema.has("maximum")
                                ? (schema.get("minimum").asDouble()
                                                + schema.get("maximum").asDouble())
                                        / 2
                                : 1.5);
            case "boolean" -> NODES.booleanNode(false);
            default -> NODES.objectNode();
        };
    }

    /** One mutation of the valid body. */
    BodyCase mutate(JsonNode schema, boolean required, Random random) {
        BodyCase mutated = mutateKnown(schema, required, random);
        // of a body nothing is documented about, nothing can be called invalid
        return schema == null ? new BodyCase(mutated.label(), mutated.body(), Expect.ANY) : mutated;
    }

    private BodyCase mutateKnown(JsonNode schema, boolean required, Random random) {
        JsonNode base = valid(schema, "");
        int roll = random.nextInt(100);
        if (schema != null && roll < 62) {
            return field(schema, base, random);
        }
        if (roll < 84) {
            return structure(schema, base, required, random);
        }
        if (roll < 95) {
            return encoding(schema, base, random);
        }
        return size(schema, base, random);
    }

    /** The valid body, unmutated. */
    BodyCase unmutated(JsonNode schema) {
        return new BodyCase("body:valid", bytes(valid(schema, "")), Expect.KEEP);
    }

    static List<Field> fields(JsonNode schema, String prefix) {
        List<Field> fields = new ArrayList<>();
        if (schema == null) {
            return fields;
        }
        schema.path("properties").fields().forEachRemaining(p -> {
            String path = prefix + p.getKey();
            fields.add(new Field(path, p.getValue()));
            JsonNode child = p.getValue();
            if (child != null && child.has("properties")) {
                fields.addAll(fields(child, path + "."));
            } else if (child != null && child.has("items") && child.get("items").has("properties")) {
                fields.addAll(fields(child.get("items"), path + "[0]."));
            }
        });
        return fields;
    }

    private BodyCase field(JsonNode schema, JsonNode base, Random random) {
        List<Field> fields = fields(schema, "");
        if (fields.isEmpty()) {
            return structure(schema, base, false, random);
        }
        Field field = pick(fields, random);
        String leaf = field.path().substring(field.path().lastIndexOf('.') + 1).replaceAll("\\[0]$", "");
        // a polygon or a timestamp is mostly interesting for its own shapes and instants
        boolean shaped =
                leaf.equals("polygon") || field.schema().path("format").asText().equals("date-time");
        FuzzBoundaries.Value value = switch (shaped && random.nextBoolean() ? 3 : random.nextInt(8)) {
            case 0 -> new FuzzBoundaries.Value("missing", null, true);
            case 1 -> new FuzzBoundaries.Value("null", NODES.nullNode(), false);
            case 2 -> boundaries.wrongType(field.schema(), random);
            case 3, 4, 5 ->
                boundaries.boundary(
                        field.schema(), FuzzJson.get(base, FuzzJson.path(field.path())), leaf, this, random);
            case 6 -> new FuzzBoundaries.Value("string", NODES.textNode(pick(FuzzValues.STRINGS, random)), false);
            default -> new FuzzBoundaries.Value("number", FuzzJson.raw(pick(FuzzValues.NUMBERS, random)), false);
        };
        JsonNode body = base.deepCopy();
        FuzzJson.set(body, FuzzJson.path(field.path()), value.node());
        Verdict verdict = FuzzOracle.check(schema, body, "");
        String label = "field:" + field.path() + "=" + value.label();
        return new BodyCase(label, bytes(body), expect(verdict, value.atLimit()));
    }

    static Expect expect(Verdict verdict, boolean atLimit) {
        return switch (verdict) {
            case INVALID -> Expect.INVALID;
            case UNKNOWN -> Expect.ANY;
            case VALID -> atLimit ? Expect.KEEP : Expect.ANY;
        };
    }

    private BodyCase structure(JsonNode schema, JsonNode base, boolean required, Random random) {
        String text = FuzzJson.write(base, true);
        boolean object = schema == null
                || schema.has("properties")
                || schema.path("type").asText().equals("object");
        Expect needsObject = object && schema != null ? Expect.INVALID : Expect.ANY;
        Expect empty = required || (schema != null && schema.path("required").size() > 0) ? Expect.INVALID : Expect.ANY;
        return switch (random.nextInt(16)) {
            case 0 ->
                new BodyCase(
                        "json:truncated",
                        utf8(text.substring(0, 1 + random.nextInt(Math.max(1, text.length() - 1)))),
                        Expect.INVALID);
            case 1 ->
                new BodyCase("json:trailing-comma", utf8(text.substring(0, text.length() - 1) + ",}"), Expect.INVALID);
            case 2 -> new BodyCase("json:single-quotes", utf8(text.replace('"', '\'')), Expect.INVALID);
            case 3 -> new BodyCase("json:comment", utf8("/* fuzz */" + text), Expect.INVALID);
            case 4 ->
                new BodyCase(
                        "json:unquoted-keys",
                        utf8(text.replaceAll("\"([A-Za-z]+)\":", "$1:")),
                        text.contains("\":") ? Expect.INVALID : Expect.ANY);
            case 5 ->
                new BodyCase(
                        "json:trailing-garbage",
                        utf8(text + pick(List.of("x", "{}", "]", "\u0000", ",1"), random)),
                        Expect.INVALID);
            case 6 -> new BodyCase("json:trailing-space", utf8(text + " \r\n\t"), Expect.KEEP);
            case 7 -> {
                String top = pick(List.of("[]", "\"text\"", "123", "true", "[" + text + "]", "1e999"), random);
                yield new BodyCase("json:top-level " + FuzzRequest.shorten(top, 20), utf8(top), needsObject);
            }
            case 8 -> new BodyCase("json:null", utf8("null"), Expect.ANY);
            case 9 -> new BodyCase("json:empty", new byte[0], empty);
            case 10 -> new BodyCase("json:whitespace", utf8(" \n "), empty);
            case 11 -> deep(schema, random);
            case 12 ->
                new BodyCase(
                        "json:duplicate-key",
                        utf8(text.replaceFirst("\\{", "{\"" + firstKey(base) + "\":123,")),
                        Expect.ANY);
            case 13 -> new BodyCase("json:bom", utf8("\uFEFF" + text), Expect.ANY);
            case 14 -> unknownFields(schema, base, pick(List.of(20, 10_000, 60_000), random));
            default ->
                new BodyCase(
                        "json:nan-literal",
                        utf8(text.replaceFirst(":(-?[0-9][0-9.eE+-]*)", ":NaN")),
                        text.matches("(?s).*:-?[0-9].*") ? Expect.INVALID : Expect.ANY);
        };
    }

    private static String firstKey(JsonNode base) {
        return base.isObject() && base.size() > 0 ? base.fieldNames().next() : "a";
    }

    private static BodyCase deep(JsonNode schema, Random random) {
        int depth = pick(List.of(32, 33, 64, 600, 2_000, 20_000, 100_000), random);
        boolean arrays = random.nextBoolean();
        String open = arrays ? "[" : "{\"a\":";
        String close = arrays ? "]" : "}";
        String text = open.repeat(depth) + "1" + close.repeat(depth);
        // the verdict of a shallow twin: arrays are no object; nested objects miss every required field
        JsonNode twin = arrays ? NODES.arrayNode() : NODES.objectNode().set("a", NODES.objectNode());
        // past the JSON limits of every body (nesting 32 deep) a body is refused whatever its twin
        Expect expect = depth > MAX_DEPTH && schema != null
                ? Expect.INVALID
                : expect(FuzzOracle.check(schema, twin, ""), false);
        return new BodyCase("json:deep " + (arrays ? "arrays" : "objects") + " x" + depth, utf8(text), expect);
    }

    private static BodyCase unknownFields(JsonNode schema, JsonNode base, int count) {
        if (!base.isObject()) {
            return new BodyCase("json:unknown-fields", utf8("{}"), Expect.ANY);
        }
        ObjectNode body = ((ObjectNode) base).deepCopy();
        for (int i = 0; i < count; i++) {
            body.put("zz" + i, i % 2 == 0 ? "x" : null);
        }
        String name = schema == null ? "" : schema.path("x-name").asText();
        // the merchant API documents "unknown fields are ignored", within the JSON limits of every
        // body (100,000 values: each field is a name and a value)
        Expect expect = count * 2 > MAX_VALUES
                ? Expect.INVALID
                : name.equals("DispatchOrder") || name.equals("BulkOrders") ? Expect.KEEP : Expect.ANY;
        return new BodyCase("json:unknown-fields x" + count, bytes(body), expect);
    }

    private BodyCase encoding(JsonNode schema, JsonNode base, Random random) {
        List<Field> strings = fields(schema, "").stream()
                .filter(f -> f.schema() != null && FuzzCsv.type(f.schema()).equals("string"))
                .toList();
        if (strings.isEmpty()) {
            byte[] bad = pick(BAD_UTF8, random);
            return new BodyCase(
                    "utf8:bad bytes in the body",
                    concat(utf8("{\"a\":\""), bad, utf8("\"}")),
                    schema == null ? Expect.ANY : Expect.INVALID);
        }
        Field field = pick(strings, random);
        JsonNode body = base.deepCopy();
        FuzzJson.set(body, FuzzJson.path(field.path()), NODES.textNode(MARK));
        String text = FuzzJson.write(body, true);
        int at = text.indexOf(MARK);
        if (random.nextInt(3) == 0) {
            // raw UTF-8 that is valid: the server must read it as the characters it is
            String characters = pick(List.of("é", "🚚", "配送", "\u00a0"), random);
            JsonNode valid = base.deepCopy();
            FuzzJson.set(valid, FuzzJson.path(field.path()), NODES.textNode(characters));
            return new BodyCase(
                    "utf8:raw " + field.path(),
                    utf8(FuzzJson.write(valid, false)),
                    expect(FuzzOracle.check(schema, valid, ""), false));
        }
        byte[] bad = pick(BAD_UTF8, random);
        return new BodyCase(
                "utf8:invalid bytes in " + field.path(),
                concat(utf8(text.substring(0, at)), bad, utf8(text.substring(at + MARK.length()))),
                Expect.INVALID);
    }

    private static BodyCase size(JsonNode schema, JsonNode base, Random random) {
        int size = pick(SIZES, random);
        byte[] text = bytes(base);
        byte[] padded = new byte[Math.max(size, text.length)];
        System.arraycopy(text, 0, padded, 0, text.length);
        java.util.Arrays.fill(padded, text.length, padded.length, (byte) ' ');
        Expect expect = size > BODY_LIMIT ? Expect.INVALID : schema == null ? Expect.ANY : Expect.KEEP;
        return new BodyCase("size:valid JSON padded to " + size + " bytes", padded, expect);
    }

    static byte[] bytes(JsonNode body) {
        return utf8(FuzzJson.write(body, true));
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** For boundary arrays: {@code count} valid items of the array's schema. */
    ArrayNode items(JsonNode schema, String name, int count) {
        ArrayNode array = NODES.arrayNode();
        for (int i = 0; i < count; i++) {
            array.add(valid(schema.get("items"), name + "[]"));
        }
        return array;
    }
}
