package io.dispatch.deploy;

import static io.dispatch.deploy.FuzzJson.NODES;
import static io.dispatch.deploy.FuzzValues.pick;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Values at and just past each documented limit of a field (lengths, bounds, item counts, enum
 * members, the phone and currency rules, timestamps), and values of the wrong JSON type. A value
 * exactly at a limit is marked {@code atLimit}: the documents allow it, so a request that was
 * valid stays valid and must be accepted.
 */
final class FuzzBoundaries {

    record Value(String label, JsonNode node, boolean atLimit) {}

    /** The documented examples of the phone rule: optional +, then digits, spaces or dashes, 7 to 20 in all. */
    private static final Map<String, Boolean> PHONES = Map.ofEntries(
            Map.entry("+254700", true),
            Map.entry("2547000", true),
            Map.entry("+2547000000000000000", true),
            Map.entry("25470000000000000000", true),
            Map.entry("+254-700-000-001", true),
            Map.entry("254 700 000 001", true),
            Map.entry("+25470000000000000000", false),
            Map.entry("254700", false),
            Map.entry("+25470", false),
            Map.entry("abcdefg", false),
            Map.entry("++254700000", false),
            Map.entry("+254.700.000", false),
            Map.entry("+254 700 000 001 ext", false),
            Map.entry("(254) 700 000", false),
            Map.entry("+", false));

    private static final Map<String, Boolean> CURRENCIES = Map.of(
            "KES", true, "USD", true, "EUR", true, "KE", false, "KESS", false, "kes", false, "K3S", false, "K S",
            false);
    private static final List<String> GOOD_TIMES = List.of(
            "2030-11-21T10:00:00Z",
            "2030-11-21T10:00:00+03:00",
            "2030-11-21T10:00:00.123Z",
            "2030-11-21T07:00:00-03:00");
    /** Parseable, but past what PostgreSQL or a JavaScript client holds: not "at a limit", yet never a 500. */
    private static final List<String> EXTREME_TIMES = List.of(
            "0000-01-01T00:00:00Z",
            "-999999999-01-01T00:00:00Z",
            "+999999999-12-31T23:59:59Z",
            "+10000-01-01T00:00:00Z",
            "1970-01-01T00:00:00Z",
            "2030-11-21T10:00:00.123456789Z",
            "2030-11-21T10:00:00+18:00");

    private static final List<String> BAD_TIMES = List.of(
            "2030-13-01T00:00:00Z",
            "2030-02-30T00:00:00Z",
            "2030-11-21",
            "2030-11-21T10:00:00",
            "21/11/2030",
            "now",
            "2030-11-21T25:00:00Z",
            "1700000000",
            "2030-11-21T10:00:00+25:00",
            "2030-11-21 10:00:00Z");

    Value wrongType(JsonNode schema, Random random) {
        String type = schema == null ? "" : schema.path("type").asText(schema.has("properties") ? "object" : "");
        List<Value> choices = new ArrayList<>(List.of(
                new Value("type:object", NODES.objectNode(), false),
                new Value("type:array", NODES.arrayNode(), false)));
        if (!type.equals("string")) {
            choices.add(new Value("type:string", NODES.textNode("12"), false));
        }
        if (!type.equals("integer") && !type.equals("number")) {
            choices.add(new Value("type:number", NODES.numberNode(12), false));
        }
        if (!type.equals("boolean")) {
            choices.add(new Value("type:boolean", NODES.booleanNode(true), false));
        }
        if (type.equals("object")) {
            choices.removeFirst();
        } else if (type.equals("array")) {
            choices.remove(1);
        }
        return pick(choices, random);
    }

    Value boundary(JsonNode schema, JsonNode current, String leaf, FuzzBodies bodies, Random random) {
        if (leaf.equals("polygon")) {
            return polygon(random);
        }
        if (schema == null) {
            return new Value("type:object", NODES.objectNode(), false);
        }
        String type = schema.path("type").isArray()
                ? schema.path("type").get(0).asText()
                : schema.path("type").asText(schema.has("properties") ? "object" : "");
        return switch (type) {
            case "string" -> string(schema, current, leaf, random);
            case "integer", "number" -> number(schema, type.equals("integer"), random);
            case "array" -> array(schema, leaf, bodies, random);
            case "boolean" -> new Value("boolean", NODES.booleanNode(random.nextBoolean()), true);
            default -> new Value("empty-object", NODES.objectNode(), false);
        };
    }

    /** GeoJSON Polygons, [lng, lat]: far from every real zone, closed or not, crossing itself, huge. */
    private static Value polygon(Random random) {
        String[][] shapes = {
            {"polygon closed", "[[[0.0,-60.0],[0.1,-60.0],[0.1,-59.9],[0.0,-59.9],[0.0,-60.0]]]", "true"},
            {"polygon not closed", "[[[0.0,-60.0],[0.1,-60.0],[0.1,-59.9],[0.0,-59.9]]]", "false"},
            {"polygon crossing itself", "[[[0.0,-60.0],[0.1,-59.9],[0.1,-60.0],[0.0,-59.9],[0.0,-60.0]]]", "false"},
            {"polygon of 3 positions", "[[[0.0,-60.0],[0.1,-60.0],[0.0,-60.0]]]", "false"},
            {"polygon empty", "[]", "false"},
            {"polygon out of range", "[[[500.0,-600.0],[501.0,-600.0],[501.0,-599.0],[500.0,-600.0]]]", "any"},
            {"polygon with a NaN", "[[[0.0,-60.0],[0.1,-60.0],[\"NaN\",-59.9],[0.0,-60.0]]]", "false"},
            {
                "polygon with a hole outside",
                "[[[0.0,-60.0],[0.1,-60.0],[0.1,-59.9],[0.0,-60.0]]," + "[[5.0,5.0],[6.0,5.0],[6.0,6.0],[5.0,5.0]]]",
                "any"
            }
        };
        String[] shape = shapes[random.nextInt(shapes.length)];
        var node = NODES.objectNode().put("type", "Polygon");
        try {
            node.set("coordinates", DispatchUnderTest.JSON.readTree(shape[1]));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return new Value(shape[0], node, shape[2].equals("true"));
    }

    private static Value string(JsonNode schema, JsonNode current, String leaf, Random random) {
        Map<String, Boolean> table =
                leaf.toLowerCase().endsWith("phone") ? PHONES : leaf.equals("currency") ? CURRENCIES : null;
        if (table != null && random.nextInt(3) > 0) {
            String value = pick(List.copyOf(table.keySet().stream().sorted().toList()), random);
            return new Value("rule '" + value + "'", NODES.textNode(value), table.get(value));
        }
        if (schema.has("enum")) {
            List<String> members = new ArrayList<>();
            schema.get("enum").forEach(m -> members.add(m.asText()));
            String member = pick(members, random);
            return switch (random.nextInt(4)) {
                case 0, 1 -> new Value("enum " + member, NODES.textNode(member), true);
                case 2 -> new Value("enum lower-case", NODES.textNode(member.toLowerCase()), false);
                default -> {
                    String junk = pick(
                            List.of("", member + " ", " " + member, member + "\u0000", "UNKNOWN", member + member),
                            random);
                    yield new Value("enum junk", NODES.textNode(junk), false);
                }
            };
        }
        if (schema.path("format").asText().equals("date-time")) {
            return switch (random.nextInt(3)) {
                case 0 -> new Value("time valid", NODES.textNode(pick(GOOD_TIMES, random)), true);
                case 1 -> new Value("time extreme", NODES.textNode(pick(EXTREME_TIMES, random)), false);
                default -> new Value("time malformed", NODES.textNode(pick(BAD_TIMES, random)), false);
            };
        }
        List<int[]> lengths = new ArrayList<>(); // {length, atLimit}
        if (schema.has("minLength")) {
            int min = schema.get("minLength").asInt();
            lengths.add(new int[] {min, 1});
            if (min > 0) {
                lengths.add(new int[] {min - 1, 0});
            }
        }
        if (schema.has("maxLength")) {
            int max = schema.get("maxLength").asInt();
            lengths.add(new int[] {max, 1});
            lengths.add(new int[] {max + 1, 0});
            lengths.add(new int[] {max * 4 + 7, 0});
        }
        if (lengths.isEmpty() || random.nextInt(5) == 0) {
            lengths.add(new int[] {pick(List.of(1_000, 10_000, 100_000), random), 0});
        }
        int[] chosen = pick(lengths, random);
        char filler = leaf.toLowerCase().endsWith("phone") ? '0' : 'x';
        boolean emoji = chosen[1] == 0 && random.nextInt(4) == 0;
        String text = emoji ? "\ud83d\ude9a".repeat(chosen[0]) : ofLength(current, chosen[0], filler);
        return new Value((emoji ? "emoji x" : "length ") + chosen[0], NODES.textNode(text), chosen[1] == 1);
    }

    private static String ofLength(JsonNode current, int length, char filler) {
        String start = current != null && current.isTextual() ? current.textValue() : "";
        StringBuilder text = new StringBuilder(start.length() > length ? start.substring(0, length) : start);
        while (text.length() < length) {
            text.append(filler);
        }
        return text.toString();
    }

    private static Value number(JsonNode schema, boolean integer, Random random) {
        List<Value> choices = new ArrayList<>();
        if (schema.has("minimum")) {
            BigDecimal min = schema.get("minimum").decimalValue();
            choices.add(new Value("minimum", FuzzJson.raw(min.toPlainString()), true));
            choices.add(new Value("below minimum", FuzzJson.raw(past(min, integer, -1)), false));
        }
        if (schema.has("maximum")) {
            BigDecimal max = schema.get("maximum").decimalValue();
            choices.add(new Value("maximum", FuzzJson.raw(max.toPlainString()), true));
            choices.add(new Value("above maximum", FuzzJson.raw(past(max, integer, 1)), false));
        }
        String format = schema.path("format").asText();
        if (integer && format.equals("int64")) {
            // at a limit only where the document bounds the field below and not above (amountCents: 0 or more)
            choices.add(new Value(
                    "int64 max",
                    FuzzJson.raw(Long.toString(Long.MAX_VALUE)),
                    schema.has("minimum") && !schema.has("maximum")));
            choices.add(new Value("past int64", FuzzJson.raw("9223372036854775808"), false));
        } else if (integer && format.equals("int32")) {
            choices.add(new Value(
                    "int32 max",
                    FuzzJson.raw(Integer.toString(Integer.MAX_VALUE)),
                    schema.has("minimum") && !schema.has("maximum")));
            choices.add(new Value("past int32", FuzzJson.raw("2147483648"), false));
        }
        choices.add(new Value(
                "extreme", FuzzJson.raw(pick(List.of("1e308", "-1e308", "1e-320", "-0.0", "0", "-1"), random)), false));
        return pick(choices, random);
    }

    /** Just past a bound: the next integer, or the next double a client can send. */
    private static String past(BigDecimal bound, boolean integer, int direction) {
        if (integer) {
            return bound.add(BigDecimal.valueOf(direction)).toPlainString();
        }
        double d = bound.doubleValue();
        return new BigDecimal(direction > 0 ? Math.nextUp(d) : Math.nextDown(d)).toString();
    }

    private static Value array(JsonNode schema, String leaf, FuzzBodies bodies, Random random) {
        int min = schema.path("minItems").asInt(schema.path("minLength").asInt(-1));
        int max = schema.path("maxItems").asInt(schema.path("maxLength").asInt(-1));
        List<int[]> counts = new ArrayList<>(); // {count, atLimit}
        if (min >= 0) {
            counts.add(new int[] {min, 1});
            if (min > 0) {
                counts.add(new int[] {min - 1, 0});
            }
        }
        if (max >= 0) {
            counts.add(new int[] {max, 1});
            counts.add(new int[] {max + 1, 0});
        }
        if (counts.isEmpty()) {
            counts.add(new int[] {pick(List.of(0, 2, 50), random), 0});
        }
        int[] chosen = pick(counts, random);
        return new Value("items x" + chosen[0], bodies.items(schema, leaf, chosen[0]), chosen[1] == 1);
    }
}
