package io.dispatch.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Decides, from what is documented and nothing else, whether a body breaks a rule: the OpenAPI
 * schema (types, required, enum, lengths, bounds, patterns, formats) plus the rules of
 * docs/merchant-api.md and docs/operator-and-rider-api.md that the schema cannot say (control
 * characters and lone surrogates, lat and lng together, delivery not before pickup, the proof's
 * URL or PIN by type, a detail with OTHER). Three answers: when the documents can be read two
 * ways (a length in UTF-16 units or in characters, {@code 1.0} as an integer, a blank name) the
 * answer is UNKNOWN and the fuzzer asserts nothing but the envelope.
 */
final class FuzzOracle {

    enum Verdict {
        VALID,
        UNKNOWN,
        INVALID;

        Verdict and(Verdict other) {
            return ordinal() >= other.ordinal() ? this : other;
        }
    }

    /** Free text that may span lines: tab, line feed and carriage return are allowed there. */
    private static final Set<String> MULTI_LINE = Set.of("notes", "detail", "reason");

    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal DOUBLE_MAX = new BigDecimal(Double.MAX_VALUE);

    private FuzzOracle() {}

    /** The verdict on a whole body (a null schema documents nothing: VALID). */
    static Verdict check(JsonNode schema, JsonNode value, String name) {
        if (schema == null || value == null) {
            return Verdict.VALID;
        }
        if (FuzzJson.rawText(value) != null && FuzzJson.rawNumber(value) == null) {
            return Verdict.INVALID; // not JSON at all: the whole body is malformed
        }
        if (value.isNull()) {
            return Verdict.UNKNOWN; // null for an optional field: absent, or a wrong type?
        }
        String type = type(schema);
        return switch (type) {
            case "string" -> string(schema, value, name);
            case "integer" -> integer(schema, value);
            case "number" -> number(schema, value);
            case "boolean" -> value.isBoolean() ? Verdict.VALID : Verdict.INVALID;
            case "array" -> array(schema, value, name);
            case "object" -> object(schema, value);
            default -> Verdict.VALID;
        };
    }

    private static String type(JsonNode schema) {
        JsonNode type = schema.get("type");
        if (type != null && type.isArray()) {
            return type.get(0).asText();
        }
        if (type != null) {
            return type.asText();
        }
        return schema.has("properties") ? "object" : "";
    }

    private static Verdict string(JsonNode schema, JsonNode value, String name) {
        if (!value.isTextual()) {
            return Verdict.INVALID;
        }
        String text = value.textValue();
        Verdict verdict = characters(text, MULTI_LINE.contains(name));
        if (schema.has("enum")) {
            boolean listed = false;
            for (JsonNode allowed : schema.get("enum")) {
                listed |= allowed.asText().equals(text);
            }
            verdict = verdict.and(listed ? Verdict.VALID : Verdict.INVALID);
        }
        verdict = verdict.and(length(schema, text.length(), text.codePointCount(0, text.length())));
        if (name.equals("customerPhone")) {
            // decisions.md (binding; the document must follow it): "optional leading +, then digits, spaces or
            // dashes, 7 to 20 characters in all". The document's pattern counts 7 after the +: "+254700" differs.
            verdict = verdict.and(
                    text.matches("\\+?[0-9 \\-]*") && text.length() >= 7 && text.length() <= 20
                            ? Verdict.VALID
                            : Verdict.INVALID);
        } else if (schema.has("pattern")
                && !Pattern.compile(schema.get("pattern").asText())
                        .matcher(text)
                        .find()) {
            verdict = verdict.and(Verdict.INVALID);
        }
        String format = schema.path("format").asText();
        if (format.equals("date-time")) {
            verdict = verdict.and(timestamp(text) ? Verdict.VALID : Verdict.INVALID);
        } else if (format.equals("uuid")) {
            verdict = verdict.and(uuid(text) ? Verdict.VALID : Verdict.INVALID);
        }
        return verdict;
    }

    /** Control characters (Cc) and unpaired surrogates are refused; multi-line text may hold tab, CR, LF. */
    static Verdict characters(String text, boolean multiLine) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
            if (control && !(multiLine && (c == '\t' || c == '\n' || c == '\r'))) {
                return Verdict.INVALID;
            }
            if (Character.isHighSurrogate(c)
                    && (i + 1 == text.length() || !Character.isLowSurrogate(text.charAt(i + 1)))) {
                return Verdict.INVALID;
            }
            if (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)))) {
                return Verdict.INVALID;
            }
        }
        return Verdict.VALID;
    }

    /** "1 to 200 characters": counted in UTF-16 units or in code points, the verdict must agree. */
    private static Verdict length(JsonNode schema, int units, int codePoints) {
        Verdict byUnits = within(schema, units);
        Verdict byCodePoints = within(schema, codePoints);
        return byUnits == byCodePoints ? byUnits : Verdict.UNKNOWN;
    }

    private static Verdict within(JsonNode schema, int length) {
        int min = schema.path("minLength").asInt(0);
        int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
        return length < min || length > max ? Verdict.INVALID : Verdict.VALID;
    }

    static boolean timestamp(String text) {
        try {
            OffsetDateTime.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static boolean uuid(String text) {
        try {
            return UUID.fromString(text).toString().equalsIgnoreCase(text);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static BigDecimal numeric(JsonNode value) {
        BigDecimal raw = FuzzJson.rawNumber(value);
        if (raw != null) {
            return raw;
        }
        return value.isNumber() ? value.decimalValue() : null;
    }

    private static Verdict integer(JsonNode schema, JsonNode value) {
        BigDecimal n = numeric(value);
        if (n == null) {
            return Verdict.INVALID;
        }
        String raw = FuzzJson.rawText(value);
        boolean integralToken = raw != null ? raw.matches("-?[0-9]+") : value.isIntegralNumber();
        if (!integralToken) {
            // 1.0 or 1e2 is an integer to JSON Schema and a float to most parsers
            return n.stripTrailingZeros().scale() <= 0 ? Verdict.UNKNOWN : Verdict.INVALID;
        }
        String format = schema.path("format").asText();
        if (format.equals("int32") && (n.compareTo(INT_MIN) < 0 || n.compareTo(INT_MAX) > 0)) {
            return Verdict.INVALID;
        }
        if ((format.equals("int64") || format.isEmpty()) && (n.compareTo(LONG_MIN) < 0 || n.compareTo(LONG_MAX) > 0)) {
            return Verdict.INVALID;
        }
        return bounds(schema, n);
    }

    private static Verdict number(JsonNode schema, JsonNode value) {
        BigDecimal n = numeric(value);
        if (n == null) {
            return Verdict.INVALID;
        }
        Verdict bounded = bounds(schema, n);
        if (bounded == Verdict.VALID && n.abs().compareTo(DOUBLE_MAX) > 0) {
            return Verdict.UNKNOWN; // past what a double holds, and no bound documented
        }
        return bounded;
    }

    private static Verdict bounds(JsonNode schema, BigDecimal n) {
        if (schema.has("minimum") && n.compareTo(schema.get("minimum").decimalValue()) < 0) {
            return Verdict.INVALID;
        }
        if (schema.has("maximum") && n.compareTo(schema.get("maximum").decimalValue()) > 0) {
            return Verdict.INVALID;
        }
        return Verdict.VALID;
    }

    private static Verdict array(JsonNode schema, JsonNode value, String name) {
        if (!value.isArray()) {
            return Verdict.INVALID;
        }
        // the document writes an array's bounds as minLength/maxLength; JSON Schema's are minItems/maxItems
        int min = schema.path("minItems").asInt(schema.path("minLength").asInt(0));
        int max = schema.path("maxItems").asInt(schema.path("maxLength").asInt(Integer.MAX_VALUE));
        Verdict verdict = value.size() < min || value.size() > max ? Verdict.INVALID : Verdict.VALID;
        for (JsonNode item : value) {
            verdict = verdict.and(check(schema.get("items"), item, name));
        }
        return verdict;
    }

    private static Verdict object(JsonNode schema, JsonNode value) {
        if (!value.isObject()) {
            return Verdict.INVALID;
        }
        Verdict verdict = Verdict.VALID;
        for (JsonNode required : schema.path("required")) {
            JsonNode present = value.get(required.asText());
            if (present == null || present.isNull()) {
                return Verdict.INVALID;
            }
            if (present.isTextual()
                    && present.textValue().isBlank()
                    && !present.textValue().isEmpty()) {
                verdict = verdict.and(Verdict.UNKNOWN); // "1 to 200 characters", but a blank name?
            }
        }
        var properties = schema.path("properties").fields();
        while (properties.hasNext()) {
            var property = properties.next();
            verdict = verdict.and(check(property.getValue(), value.get(property.getKey()), property.getKey()));
        }
        return verdict.and(FuzzDocumentedRules.check(schema.path("x-name").asText(), value));
    }
}
